import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { newSignedInPage } from '../sign-in';

// Issue 27 item 7: a licence card's QR code carries a signed statement of the credential. Anyone opening
// it on /verify sees the verdict and the signed details; a changed statement reads as not valid.

test('a demo card’s QR link shows Valid with the signed details; a tampered one is not valid', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  // The holder's side: My licences offers the card and the wallet credential; the QR code's address
  // comes from the same place the card's QR code does.
  const holder = await newSignedInPage(browser, 'applicant');
  await holder.goto('/portal/my-licences');
  const link = holder.getByRole('link', { name: 'Digital wallet credential EMT-000123' });
  await expect(link).toBeVisible();
  const download = holder.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe('EMT-000123.vc.jwt');
  const list = await holder.request.get('/api/certifications');
  const cert = ((await list.json()).items as { id: string; number: string }[]).find(
    (c) => c.number === 'EMT-000123',
  );
  const qr = await holder.request.get(`/api/certifications/${cert?.id}/verifyurl`);
  const address = new URL((await qr.json()).url as string);
  const token = address.searchParams.get('token') ?? '';
  expect(token.split('.')).toHaveLength(3);
  await holder.context().close();

  // Anyone, not signed in, scanning the card.
  await page.goto(`${address.pathname}${address.search}`);
  const check = page.getByRole('region', { name: 'Licence card check' });
  await expect(check.getByRole('status')).toHaveText(/Valid$/);
  await expect(check).toContainText(
    'The card’s signature is genuine and the credential is active on record today.',
  );
  const fact = (label: string) =>
    check.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('Holder')).toHaveText('Avery Applicant');
  await expect(fact('Licence number')).toHaveText('EMT-000123');
  await expect(fact('Licence')).toHaveText('EMS Personnel Certification');
  await expect(fact('Level')).toHaveText('EMT');
  await expect(fact('Status on record today')).toHaveText('Active');
  await expectNoAxeViolations(page);

  // The same card with its statement changed (a later expiry): the signature no longer matches.
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
  const forged = Buffer.from(JSON.stringify({ ...claims, expiration_date: '2099-12-31' })).toString(
    'base64url',
  );
  await page.goto(`/verify?token=${header}.${forged}.${signature}`);
  await expect(check.getByRole('status')).toHaveText(/not valid/);
  await expect(check).toContainText('The signature does not match the statement: it was altered or forged.');
  await expect(check.locator('dt', { hasText: /^Holder$/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Staff rotate the signing key; the card printed before still reads Valid.
  const staff = await newSignedInPage(browser, 'admin');
  await staff.goto('/staff/admin/enterprise');
  await expect(staff.getByRole('heading', { level: 1, name: 'Enterprise settings' })).toBeVisible();
  const keys = staff.getByRole('region', { name: 'Credential signing keys' });
  await expect(keys.getByRole('row')).toHaveCount(2);
  await keys.getByRole('button', { name: 'Rotate the signing key' }).click();
  await keys.getByRole('button', { name: 'Rotate now' }).click();
  await expect(keys.getByRole('status')).toHaveText('A new signing key signs new cards from now on.');
  await expect(keys.getByRole('row')).toHaveCount(3);
  await expect(keys).toContainText('Current: signs new cards');
  await expect(keys).toContainText(/Retired, published/);
  await expectNoAxeViolations(staff);
  await staff.context().close();
  await page.goto(`${address.pathname}${address.search}`);
  await expect(check.getByRole('status')).toHaveText(/Valid$/);
});
