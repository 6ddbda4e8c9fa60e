import { randomUUID } from 'node:crypto';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { pdfText } from '../pdf';
import { newSignedInPage } from '../sign-in';

// Issue 13's journey: the applicant submits a request with a fee and is taken to checkout; a declined
// payment on the local test gateway's hosted page takes no money and leaves the request payable; paid
// the second time, the receipt shows the request paid; replaying the gateway's signed notification
// records nothing. Staff record a check for another request, found by the payer's name (no request id
// typed), refund part of it, and the finance report lists both with totals that are the sum of its
// rows. Every receipt has a number people read (RCPT-YYYY-NNNNNN), on its page and in its PDF. Staff
// issue a voucher to the applicant and deactivate it.

// Two people's pages on a shared, busy machine: allow a slow answer.
const expect = baseExpect.configure({ timeout: 30_000 });

async function apiPost(page: Page, url: string, data: unknown) {
  const { csrfToken } = await (await page.request.get('/api/CheckSession')).json();
  const response = await page.request.post(url, { data, headers: { 'x-csrf-token': csrfToken } });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

async function apiGet(page: Page, url: string) {
  const response = await page.request.get(url);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

type Payable = { license_request_id: string; license_name: string | null; due_cents: number };

/** What the portal home says of the requests waiting for payment, as a pattern. */
function feesLine(waiting: Payable[]): RegExp {
  const total = waiting.reduce((sum, p) => sum + p.due_cents, 0);
  const dollars = `\\$${(total / 100).toFixed(2)}`.replace('.', '\\.');
  const count = waiting.length === 1 ? '1 request waits' : `${waiting.length} requests wait`;
  return new RegExp(`${count} for payment: ${dollars} in all`);
}

/** A licence without forms, with Initial for EMT and a flat $45.00 application fee. */
async function createPaidLicence(admin: Page, name: string) {
  const category = randomUUID();
  const licence = await apiPost(admin, '/api/licenses', {
    license: { name, entity: 'user', code: `P${Date.now().toString(36)}`.slice(0, 10) },
    license_categories: [{ id: category, label: 'EMS Provider' }],
    license_category_levels: [
      { label: 'EMT', license_category_id: category, months_valid: 24, expiration_rule: 'end_of_month' },
    ],
    license_request_statuses: [
      { label: 'In progress', code: 'in_progress', sort_order: 1 },
      { label: 'Submitted', code: 'submitted', sort_order: 2 },
    ],
  });
  await apiPost(admin, '/api/ApplicationTypes', {
    application_type: {
      label: `Initial ${name}`,
      license_id: licence.id,
      license_category_levels: licence.license_category_levels.map((l: { id: string }) => l.id),
    },
  });
  await apiPost(admin, '/api/licensecharges', {
    license_charge: {
      license_id: licence.id,
      label: 'Application fee',
      amount_cents: 4500,
      calculated_field: 'flat',
    },
  });
}

/** The hidden fields of the form on the page: the signed answer the test gateway posts back. */
const hiddenFields = (page: Page) =>
  page
    .locator('form input[type=hidden]')
    .evaluateAll((inputs) =>
      Object.fromEntries(inputs.map((i) => [(i as HTMLInputElement).name, (i as HTMLInputElement).value])),
    );

/** From the checkout, through the test gateway's hosted page to its decision page. */
async function throughGateway(applicant: Page, amount: string, decision: 'Pay' | 'Decline') {
  await applicant.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Test payment gateway' })).toBeVisible();
  await expect(applicant.getByText(amount)).toBeVisible();
  await expectNoAxeViolations(applicant);
  if (decision === 'Pay') await applicant.getByRole('button', { name: /^Pay .* USD$/ }).click();
  else await applicant.getByRole('button', { name: 'Decline' }).click();
  await expect(
    applicant.getByRole('heading', {
      level: 1,
      name: decision === 'Pay' ? 'Payment approved' : 'Payment not taken',
    }),
  ).toBeVisible();
  await expectNoAxeViolations(applicant);
  const answer = await hiddenFields(applicant);
  await applicant.getByRole('button', { name: 'Return to the licensing portal' }).click();
  await expect(applicant).toHaveURL(/\/portal\/payments\/receipt\/[0-9a-f-]{36}$/);
  return answer;
}

test('the applicant pays a fee through the test gateway once; staff record a check, refund part, and the report reconciles', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const licence = `Paid licence ${stamp}`;
  const admin = await newSignedInPage(browser, 'admin');
  await createPaidLicence(admin, licence);

  // The applicant's home counts the fees waiting: the demo applicant's seeded $60.00 request, and any
  // an earlier journey on this server left unpaid (the licensing journey's request has a fee too).
  const applicant = await newSignedInPage(browser, 'applicant');
  const waiting: Payable[] = (await apiGet(applicant, '/api/GetSessionDataForPayment')).payable;
  const seeded = waiting.find(
    (p) => p.license_name === 'EMS Personnel Certification' && p.due_cents === 6000,
  );
  expect(seeded, 'the seeded request waiting for $60.00').toBeTruthy();
  const other = seeded?.license_request_id as string;
  const fees = applicant.getByRole('region', { name: 'Fees to pay' });
  await expect(fees).toContainText(feesLine(waiting));
  await expectNoAxeViolations(applicant);

  // The applicant applies, chooses the level, and submits from the review page: on to checkout.
  await applicant.goto('/portal/licences');
  await applicant.getByRole('button', { name: `Apply for ${licence}` }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: `Application: ${licence}` })).toBeVisible();
  const requestId = new URL(applicant.url()).pathname.split('/').at(-1) as string;
  await applicant.getByRole('checkbox', { name: `Initial ${licence}: EMT` }).check();
  await applicant.getByRole('button', { name: 'Save application types' }).click();
  await expect(applicant.getByText('Application types saved.')).toBeVisible();
  await applicant.goto(`/portal/requests/${requestId}/review`);
  await expect(applicant.getByRole('heading', { level: 1, name: 'Review and submit' })).toBeVisible();
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('button', { name: 'Submit request' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Fees to pay' })).toBeVisible();
  await expect(applicant.getByRole('status').filter({ hasText: 'Your request was submitted' })).toBeVisible();
  // Only the request just submitted is in this payment; the seeded one waits, unticked.
  await expect(applicant.getByRole('checkbox', { name: `${licence}: $45.00 due` })).toBeChecked();
  await expect(
    applicant.getByRole('checkbox', { name: /EMS Personnel Certification: \$60\.00 due/ }),
  ).not.toBeChecked();
  const charges = applicant.getByRole('table', { name: 'Charges in this payment' });
  await expect(charges).toContainText('Application fee');
  await expect(charges).toContainText('Total to pay$45.00');
  await expectNoAxeViolations(applicant);

  // Declined on the gateway: no money taken, the request still payable, a way to try again.
  await throughGateway(applicant, '$45.00', 'Decline');
  await expect(applicant.getByRole('heading', { level: 1, name: 'Payment declined' })).toBeVisible();
  await expect(applicant.getByRole('alert').filter({ hasText: 'Payment declined' })).toContainText(
    'no money was taken',
  );
  await expect(applicant.getByRole('region', { name: 'Requests', exact: true })).toContainText(
    `${licence}: $45.00 still to pay`,
  );
  await expectNoAxeViolations(applicant);
  await applicant.getByRole('link', { name: 'Try the payment again' }).click();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Fees to pay' })).toBeVisible();

  // Paid: the receipt shows the payment and the request paid.
  const answer = await throughGateway(applicant, '$45.00', 'Pay');
  expect(answer.decision).toBe('ACCEPT');
  expect(answer.signature).toBeTruthy();
  await expect(applicant.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(applicant.getByRole('status').filter({ hasText: 'Payment received' })).toBeVisible();
  await expect(applicant.getByRole('region', { name: 'Payment', exact: true })).toContainText('$45.00 USD');
  await expect(applicant.getByRole('region', { name: 'Payment', exact: true })).toContainText(
    'Card (test gateway)',
  );
  await expect(applicant.getByRole('region', { name: 'Requests', exact: true })).toContainText(
    `${licence}: Paid`,
  );
  await expectNoAxeViolations(applicant);
  const pdfHref = await applicant.getByRole('link', { name: 'Receipt (PDF)' }).getAttribute('href');
  const pdf = await applicant.request.get(pdfHref ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const receiptNumber = /RCPT-\d{4}-\d{6}/;
  const cardReceipt = (
    await applicant.getByRole('region', { name: 'Payment', exact: true }).textContent()
  )?.match(receiptNumber)?.[0];
  expect(cardReceipt, 'the receipt page shows its RCPT- number').toBeTruthy();
  expect(pdfText(await pdf.body())).toContain(cardReceipt);

  // Replaying the gateway's signed notification (and the browser's return) records nothing again.
  const ledger = async () => (await apiGet(applicant, '/api/transactions?numPerPage=100')).total as number;
  const before = await ledger();
  const replay = await applicant.request.post('/api/payments/notify', { form: answer });
  expect(replay.status(), await replay.text()).toBe(200);
  expect((await replay.json()).outcome).toBe('replayed');
  const back = await applicant.request.post('/api/payments/receipt', { form: answer, maxRedirects: 0 });
  expect(back.status()).toBe(303);
  expect(await ledger()).toBe(before);
  const totals = await apiGet(applicant, `/api/GetLicenseRequestTotals?items=${requestId}`);
  expect(totals).toMatchObject({ charges_cents: 4500, paid_cents: 4500, due_cents: 0 });

  // The request page shows its fee paid; the home counts only the seeded request now.
  await applicant.goto(`/portal/requests/${requestId}`);
  const fee = applicant
    .getByRole('region', { name: 'Charges' })
    .getByRole('row')
    .filter({ hasText: 'Application fee' });
  await expect(fee).toContainText('Paid');
  await expect(fee).not.toContainText('Not paid');
  await expect(applicant.getByRole('link', { name: 'Pay the fees of this request' })).toHaveCount(0);
  await applicant.goto('/portal');
  await expect(fees).toContainText(feesLine(waiting));

  // The seeded request: the applicant's voucher pays $25.00 of it, once.
  await expect(fees.getByRole('link', { name: 'Pay your fees' })).toHaveAttribute(
    'href',
    '/portal/payments/checkout',
  );
  await applicant.goto(`/portal/payments/checkout?items=${other}`);
  await expect(applicant.getByRole('heading', { level: 1, name: 'Fees to pay' })).toBeVisible();
  const voucher = applicant.getByRole('region', { name: 'Voucher' });
  await expect(voucher).toContainText('WELCOME25: $25.00');
  await expectNoAxeViolations(applicant);
  await voucher.getByLabel('Voucher code').fill('WELCOME25');
  await voucher.getByRole('button', { name: 'Apply voucher' }).click();
  await expect(applicant.getByRole('status').filter({ hasText: 'Voucher applied' })).toContainText(
    'Voucher WELCOME25 paid $25.00 towards the request.',
  );
  await expect(applicant.getByRole('table', { name: 'Charges in this payment' })).toContainText(
    'Total to pay$35.00',
  );
  await voucher.getByLabel('Voucher code').fill('WELCOME25');
  await voucher.getByRole('button', { name: 'Apply voucher' }).click();
  await expect(applicant.getByRole('alert').filter({ hasText: 'The voucher was not applied' })).toContainText(
    'already been used',
  );
  await expectNoAxeViolations(applicant);

  // Staff record a check for the other request: they find the payer by name and tick the request.
  await admin.goto('/staff/payments');
  await admin.getByRole('link', { name: 'Record a payment' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Record a payment' })).toBeVisible();
  await expect(admin.getByLabel(/request id/i)).toHaveCount(0);
  await admin.getByLabel('Find the payer, by last name').fill('Applicant');
  await admin.getByRole('button', { name: 'Find', exact: true }).click();
  await admin.getByRole('button', { name: 'Choose Avery Applicant' }).click();
  const owing = admin.getByRole('group', { name: 'Requests this payment is for' });
  const seededRequest = owing.getByRole('checkbox', {
    name: 'EMS Personnel Certification: $35.00 due of $60.00',
  });
  await expect(seededRequest).toBeVisible();
  await expectNoAxeViolations(admin);
  await seededRequest.check();
  await expect(admin.getByLabel('Amount received (dollars)')).toHaveValue('35.00');
  const check = `CHK-${stamp}`;
  await admin.getByRole('button', { name: 'Record payment' }).click();
  await expect(admin.getByText('Enter the check number.')).toBeVisible();
  await admin.getByLabel('Check number').fill(check);
  await admin.getByRole('button', { name: 'Record payment' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Payment of $35.00' })).toBeVisible();
  await expect(admin).toHaveURL(/\/staff\/payments\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('region', { name: 'Details' })).toContainText(receiptNumber);
  await expect(admin.getByText(check)).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Licence requests' })).toContainText(
    'EMS Personnel Certification — nothing owed',
  );
  await expectNoAxeViolations(admin);

  // A partial refund, bounded by what is left, after confirming.
  await admin.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Refund this payment' });
  await expect(dialog).toContainText('$35.00 of $35.00 is left to refund.');
  await dialog.getByLabel('Amount to refund (dollars)').fill('75');
  await dialog.getByLabel('Reason').fill('Level withdrawn');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('At most $35.00 is left to refund.');
  await expectNoAxeViolations(admin);
  await dialog.getByLabel('Amount to refund (dollars)').fill('20.00');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Confirm the refund' });
  await expect(confirm).toContainText('Refund $20.00 to Avery Applicant?');
  await expectNoAxeViolations(admin);
  await confirm.getByRole('button', { name: 'Refund $20.00' }).click();
  await expect(admin.getByRole('status').filter({ hasText: '$20.00 was refunded.' })).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Refunds' })).toContainText('$20.00');
  await expectNoAxeViolations(admin);

  // The ledger lists them; the finance report shows both, totals the sum of its rows, and exports.
  await admin
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Payments', exact: true })
    .click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Method' }).click();
  await admin.getByRole('option', { name: 'Check', exact: true }).click();
  const table = admin.getByRole('table', { name: 'Payments and refunds' });
  await expect(table).toContainText(check);
  await expect(table.getByRole('row').filter({ hasText: check }).first()).toContainText(receiptNumber);
  await expect(table).not.toContainText('Card (test gateway)');
  await expectNoAxeViolations(admin);
  await admin.getByRole('link', { name: 'Finance report' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Finance report' })).toBeVisible();
  const rows = admin.getByRole('table', { name: 'Transactions in the period' });
  await expect(rows.getByRole('row').filter({ hasText: check }).filter({ hasText: 'Payment' })).toContainText(
    '$35.00',
  );
  await expect(rows.getByRole('row').filter({ hasText: 'WELCOME25' })).toContainText('$25.00');
  await expect(
    rows.getByRole('row').filter({ hasText: 'Refund' }).filter({ hasText: 'Check' }),
  ).toContainText('-$20.00');
  // The applicant's own card payment: the demo's office figures seed other people's card payments too.
  await expect(
    rows
      .getByRole('row')
      .filter({ hasText: 'Card (test gateway)' })
      .filter({ hasText: 'Avery Applicant' })
      .first(),
  ).toContainText('$45.00');
  await expect(admin.getByText('The totals do not match the rows')).toHaveCount(0);
  const today = new Date();
  const iso = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  const report = await apiGet(
    admin,
    `/api/payments/financeReport?from=${iso(new Date(today.getFullYear(), today.getMonth(), 1))}&to=${iso(today)}`,
  );
  const sum = (kind: string) =>
    report.rows
      .filter((r: { kind: string }) => r.kind === kind)
      .reduce((s: number, r: { amount_cents: number }) => s + r.amount_cents, 0);
  expect(report.payments_cents).toBe(sum('payment'));
  expect(report.refunds_cents).toBe(sum('refund'));
  expect(report.net_cents).toBe(sum('payment') - sum('refund'));
  expect(report.payments_cents).toBeGreaterThanOrEqual(4500 + 2500 + 3500);
  const dollars = (c: number) => `$${(c / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  const totalsTable = admin.getByRole('table', { name: 'Totals by method' });
  await expect(totalsTable.getByRole('row', { name: /^All methods/ })).toContainText(
    `${dollars(report.payments_cents)}${dollars(report.refunds_cents)}${dollars(report.net_cents)}`,
  );
  await expectNoAxeViolations(admin);
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    admin.getByRole('link', { name: 'Export to Excel (XLSX)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^finance-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.xlsx$/);

  // Staff issue the applicant a voucher of their own, then deactivate it.
  await admin.goto('/staff/payments');
  await admin.getByRole('link', { name: 'Vouchers' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  await expectNoAxeViolations(admin);
  const code = `E2E-${stamp}`.toUpperCase();
  const issue = admin.getByRole('form', { name: 'Issue a voucher' });
  await issue.getByRole('textbox', { name: /^Code/ }).fill(code);
  await issue.getByLabel('Amount (dollars)').fill('15');
  await issue.getByLabel('Number of uses').fill('2');
  await issue.getByLabel('One person').check();
  await issue.getByLabel('Find the person, by last name').fill('Applicant');
  await issue.getByRole('button', { name: 'Find', exact: true }).click();
  await issue.getByRole('button', { name: 'Issue to Avery Applicant' }).click();
  await expect(issue).toContainText('For Avery Applicant');
  await expectNoAxeViolations(admin);
  await issue.getByRole('button', { name: 'Issue voucher' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Voucher issued' })).toContainText(
    `Voucher ${code} was issued.`,
  );
  const vouchers = admin.getByRole('table', { name: 'Vouchers' });
  const row = vouchers.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('$15.00');
  await expect(row).toContainText('0 of 2');
  await expect(row).toContainText('Avery Applicant');
  await expect(row).toContainText('Active');
  await expectNoAxeViolations(admin);
  await row.getByRole('button', { name: `Deactivate voucher ${code}` }).click();
  await expect(row).toContainText('Deactivated');
  await expectNoAxeViolations(admin);
  // The applicant's checkout no longer offers it.
  const mine = await apiGet(applicant, '/api/VoucherPay/ExistingVouchers');
  expect(mine.find((v: { code: string }) => v.code === code)).toMatchObject({ active: false });
});
