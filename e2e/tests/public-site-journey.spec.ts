import { type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

// Issue 18's public-site journey: staff write and publish a page of the public site (previewing it
// first) and a policy, and acknowledge reading the policy; anonymous visitors then find the page in the
// site's menu and the policy on the policies page; a school reports a fire drill without signing in (the
// local human check solved in the browser) and sees it listed; staff find the report and export it.

// Two people's pages on a shared, busy machine: allow a slow answer.
const expect = baseExpect.configure({ timeout: 30_000 });

async function newPage(browser: Browser, who?: 'admin'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  if (!who) return page;
  await page.goto('/signin');
  await page.getByLabel('User name').fill(who);
  await page.getByLabel('Password', { exact: true }).fill(`${who}-demo-2026`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/staff/);
  return page;
}

async function choose(page: Page, label: string, option: string) {
  // A required field's name ends with the asterisk Mantine adds.
  await page.getByRole('combobox', { name: new RegExp(`^${label}( \\*)?$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('staff publish a page and a policy the public then reads, and a school reports a fire drill', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const stamp = Date.now().toString(36);
  const slug = `board-${stamp}`;
  const pageTitle = `Board meetings ${stamp}`;
  const policyTitle = `Records retention ${stamp}`;

  // Staff write a page, preview it and publish it.
  const staff = await newPage(browser, 'admin');
  await staff.goto('/staff/cms');
  await expect(staff.getByRole('heading', { level: 1, name: 'Public site pages' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.getByRole('link', { name: 'New page' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New page' })).toBeVisible();
  await staff.getByLabel(/^Title/).fill(pageTitle);
  await staff.getByLabel(/^Address \(slug\)/).fill(slug);
  await choose(staff, 'Parent page in the menu', 'Home');
  const content = staff.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially('The board meets on the first Tuesday of each month.');
  await staff.getByRole('button', { name: 'Preview' }).click();
  await expect(staff.getByTestId('cms-preview')).toContainText('first Tuesday of each month');
  await expectNoAxeViolations(staff);
  await staff.getByLabel('Published').check();
  await staff.getByRole('button', { name: 'Save page' }).click();
  await expect(staff.getByRole('status').filter({ hasText: `published at /pages/${slug}` })).toBeVisible();
  await expect(staff.getByRole('heading', { level: 1, name: `Page: ${pageTitle}` })).toBeVisible();

  // The menu editor shows it under Home.
  await staff.getByRole('link', { name: 'Back to the pages' }).click();
  await staff.getByRole('link', { name: 'Menu', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Public site menu' })).toBeVisible();
  await expect(
    staff.getByRole('region', { name: 'The menu visitors see' }).getByRole('link', { name: pageTitle }),
  ).toBeVisible();
  await expectNoAxeViolations(staff);

  // Staff write a policy, publish it and acknowledge reading it.
  await staff.goto('/staff/policies');
  await expect(staff.getByRole('heading', { level: 1, name: 'Policies and protocols' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'Continuing education audits' })).toBeVisible();
  await expectNoAxeViolations(staff);
  await staff.getByRole('link', { name: 'New policy' }).click();
  await staff.getByLabel(/^Title/).fill(policyTitle);
  await staff.getByLabel(/^Number/).fill(`POL-${stamp}`);
  await choose(staff, 'Classification', 'Administrative (Policy)');
  await staff.getByLabel('Effective from').fill('2026-01-01');
  await staff.getByLabel('Summary').fill('How long the office keeps each kind of record.');
  const text = staff.getByRole('textbox', { name: 'Policy text' });
  await text.click();
  await text.pressSequentially('Licence files are kept for ten years after the licence ends.');
  await staff.getByLabel('Published on the public site').check();
  await staff.getByRole('button', { name: 'Save policy' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'saved and published' })).toBeVisible();
  await staff.getByRole('button', { name: 'I have read this policy' }).click();
  await expect(staff.getByText(/You acknowledged reading it on/)).toBeVisible();
  await expect(
    staff.getByRole('region', { name: 'Read and acknowledged' }).getByRole('cell', { name: 'Alex Admin' }),
  ).toBeVisible();
  await expectNoAxeViolations(staff);

  // Anonymous visitors: the home page, the new page through the menu, the policy.
  const visitor = await newPage(browser);
  await visitor.goto('/home');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(visitor.getByText('Welcome to the State Office of Emergency Medical Services')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Verify a licence' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'File a complaint' })).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.getByRole('navigation', { name: 'Site menu' }).getByRole('link', { name: pageTitle }).click();
  await expect(visitor).toHaveURL(new RegExp(`/pages/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: pageTitle })).toBeVisible();
  await expect(visitor.getByText('The board meets on the first Tuesday of each month.')).toBeVisible();
  await expectNoAxeViolations(visitor);
  // A draft stays out of sight.
  // The accessibility statement, from every public page's footer.
  await visitor
    .getByRole('navigation', { name: 'Public pages' })
    .getByRole('link', { name: 'Accessibility' })
    .click();
  await expect(visitor).toHaveURL(/\/accessibility$/);
  await expect(
    visitor.getByRole('heading', { level: 1, name: 'Accessibility conformance statement' }),
  ).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Report a barrier' })).toBeVisible();
  await expect(visitor.getByText(/WCAG\) 2\.1, level AA/)).toBeVisible();
  await expectNoAxeViolations(visitor);

  await visitor.goto('/pages/renewal-notice');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();

  await visitor.goto('/home');
  await visitor.getByRole('link', { name: 'Policies and protocols' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Policies and protocols' })).toBeVisible();
  // In force today apart from what is published to apply later (the demo's PRO-220).
  const inForce = visitor.getByRole('region', { name: 'In force today' });
  const upcoming = visitor.getByRole('region', { name: 'Coming into force' });
  await expect(upcoming.getByRole('button', { name: /PRO-220 Airway management/ })).toBeVisible();
  await expect(upcoming.getByText(/applies from \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await expect(inForce.getByRole('button', { name: /PRO-220/ })).toHaveCount(0);
  await expect(inForce.getByRole('button', { name: /POL-101 Continuing education audits/ })).toBeVisible();
  await inForce.getByRole('button', { name: new RegExp(policyTitle) }).click();
  await expect(
    visitor.getByText('Licence files are kept for ten years after the licence ends.'),
  ).toBeVisible();
  await expect(visitor.getByRole('button', { name: /Spinal motion restriction/ })).toHaveCount(0);
  await expectNoAxeViolations(visitor);

  // A school reports a fire drill without signing in.
  await visitor.getByRole('link', { name: 'Report a fire drill' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Report a fire drill' })).toBeVisible();
  await expectNoAxeViolations(visitor);
  await choose(visitor, 'School system', 'Travis County Independent School District');
  await choose(visitor, 'School', 'Lamar Middle School (Austin)');
  await visitor.getByLabel(/^Time it started/).fill('09:30');
  await visitor.getByLabel(/^Evacuation time/).fill('212');
  await visitor.getByLabel(/^People in the building/).fill('640');
  await visitor.getByLabel(/^Your name/).fill(`Morgan Reporter ${stamp}`);
  await visitor.getByLabel(/^Your title/).fill('Assistant principal');
  await visitor.getByLabel(/^Your email/).fill('morgan@lamar.example.org');
  await visitor.getByRole('button', { name: 'Report the drill' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'is recorded' })).toBeVisible({
    timeout: 60_000,
  });
  const drills = visitor.getByRole('region', { name: 'Drills this school reported' });
  await expect(drills.getByRole('cell', { name: '212 s' })).toBeVisible();
  await expectNoAxeViolations(visitor);

  // Staff find the report and export it.
  // The last entries of the main navigation are reached by scrolling it.
  await staff
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Fire drills', exact: true })
    .click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Fire drill reports' })).toBeVisible();
  await expect(staff.getByRole('cell', { name: new RegExp(`Morgan Reporter ${stamp}`) })).toBeVisible();
  await expectNoAxeViolations(staff);
  const href = await staff.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await staff.request.get(href ?? '');
  expect(csv.ok()).toBe(true);
  expect(await csv.text()).toContain(`Morgan Reporter ${stamp}`);
});
