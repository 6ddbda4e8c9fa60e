import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';
import { signIn } from '../sign-in';

// The staff menu (apps/web/src/app/staff-nav.ts): links grouped by area of work, only those the
// user's permissions allow, and counts of waiting work read with their meaning.

const areas = [
  'Registry',
  'Licensing',
  'Field work',
  'Exams and education',
  'Enforcement',
  'Money',
  'Communication',
  'Administration',
];

test('the staff menu groups its links by area and says how much work waits, by keyboard and on a phone', async ({
  page,
}) => {
  // A long journey (two widths, two axe checks) on a shared machine.
  test.setTimeout(180_000);
  await signIn(page, 'admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  const headings = await nav.getByRole('heading', { level: 2 }).allTextContents();
  for (const area of areas) expect(headings).toContain(area);
  await expect(
    nav.getByRole('region', { name: 'Licensing' }).getByRole('link', { name: 'Licence requests' }),
  ).toBeVisible();

  // The counts the server gives this user, beside their links, each the link's description.
  const counts = await page.evaluate(() =>
    fetch('/api/staff/nav-counts', { credentials: 'same-origin' }).then((r) => r.json()),
  );
  expect(Object.keys(counts).sort()).toEqual(
    ['failedAutomation', 'overdueInspections', 'requestsToReview', 'unsentMail'].sort(),
  );
  const described: [string, string, number][] = [
    ['Licence requests', 'To review', counts.requestsToReview],
    ['Inspections', 'Overdue', counts.overdueInspections],
    ['Triggers', 'Failed', counts.failedAutomation],
    ['Mail', 'Not sent', counts.unsentMail],
  ];
  for (const [label, meaning, n] of described) {
    const link = nav.getByRole('link', { name: label, exact: true });
    if (n > 0) await expect(link).toHaveAccessibleDescription(`${meaning}, ${n} waiting`);
    else await expect(link).not.toHaveAttribute('aria-describedby');
  }

  // Keyboard: from one link to the next, each with a visible focus ring.
  await nav.getByRole('link', { name: 'Dashboard' }).focus();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'People' })).toBeFocused();
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/people/);
  await expect(nav.getByRole('link', { name: 'People' })).toHaveAttribute('aria-current', 'page');
  await expectNoAxeViolations(page);

  // At 390 px the menu folds behind a button and opens on request.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Open navigation' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Services' })).not.toBeInViewport();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close navigation' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await nav.getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/staff\/services/);
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a reviewer sees only the links their permissions open, and no count they may not see', async ({
  page,
}) => {
  await signIn(page, 'reviewer');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const counts = await page.evaluate(() => fetch('/api/staff/nav-counts').then((r) => r.json()));
  // The reviewer reads requests, inspections and triggers, not the mail log (mail.read).
  expect(Object.keys(counts).sort()).toEqual(['failedAutomation', 'overdueInspections', 'requestsToReview']);
  await expect(nav.getByRole('link', { name: 'Licence requests' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Triggers' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Mail', exact: true })).toHaveCount(0);
  // No area without a link the reviewer may open.
  for (const area of await nav.getByRole('heading', { level: 2 }).allTextContents())
    expect(await nav.getByRole('region', { name: area }).getByRole('link').count()).toBeGreaterThan(0);
});
