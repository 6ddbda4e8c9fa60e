import { expect, type Locator, type Page, test } from '@playwright/test';

// The staff journey with the keyboard alone: no clicks, only Tab, Shift+Tab, Enter, Space and typing.

const MAX_TABS = 60;

/** Fails unless the focused element shows a focus indicator (an outline or a box shadow). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      element: `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 40)}”`,
      outline: style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0,
      boxShadow: style.boxShadow !== 'none',
      onScreen: box.width > 0 && box.height > 0 && box.bottom > 0 && box.right > 0,
    };
  });
  expect(focus, 'something has focus').not.toBeNull();
  expect(focus?.outline || focus?.boxShadow, `visible focus indicator on ${focus?.element}`).toBe(true);
  expect(focus?.onScreen, `${focus?.element} is on screen`).toBe(true);
}

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab (or Shift+Tab) until the target has focus, then checks that the focus is visible. */
async function tabTo(page: Page, target: Locator, direction: 'forward' | 'backward' = 'forward') {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
    if (await isFocused(target)) {
      await expectVisibleFocus(page);
      return;
    }
  }
  throw new Error(
    `${MAX_TABS} presses of ${direction === 'forward' ? 'Tab' : 'Shift+Tab'} did not reach ${target}`,
  );
}

test('staff journey with the keyboard alone: sign in, skip link, administration, sort and open a record', async ({
  page,
}) => {
  await page.goto('/signin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  // Sign in
  const userName = page.getByLabel('User name');
  await tabTo(page, userName);
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.type('admin-demo-2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff$/);
  // After the page changes without a reload, its heading takes the focus (so that it is announced).
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeFocused();

  // On a fresh load of the staff page the first Tab reaches the skip link, which moves focus into main.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Skip to content' });
  await expect(skipLink).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false),
    )
    .toBe(true);

  // The navigation comes before main: back to it with Shift+Tab.
  const administration = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
    name: 'Administration',
  });
  await tabTo(page, administration, 'backward');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/admin$/);

  const alertTypes = page.getByRole('link', { name: 'Alert types', exact: true });
  await tabTo(page, alertTypes);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Alert types' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Credential expiring' })).toBeVisible();

  // Sort by the Label column: Enter and Space both activate the header's button.
  const labelHeader = page.getByRole('columnheader', { name: /Label/ });
  const sortButton = labelHeader.getByRole('button');
  await tabTo(page, sortButton);
  const before = await labelHeader.getAttribute('aria-sort');
  const flipped = before === 'ascending' ? 'descending' : 'ascending';
  await page.keyboard.press('Enter');
  await expect(labelHeader).toHaveAttribute('aria-sort', flipped);
  await expect(page).toHaveURL(/sort=label/);
  await expect(sortButton).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Space');
  await expect(labelHeader).toHaveAttribute(
    'aria-sort',
    flipped === 'ascending' ? 'descending' : 'ascending',
  );
  await expect(sortButton).toBeFocused();
  // The rows are those of the new order once the table is no longer busy.
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy');

  // Open the first record
  const firstRecord = page.getByRole('table').getByRole('row').nth(1).getByRole('link');
  const recordName = (await firstRecord.textContent())?.trim() ?? '';
  expect(recordName).not.toBe('');
  await tabTo(page, firstRecord);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff\/admin\/alert_types\/[0-9a-f-]{36}$/);
  const label = page.getByLabel('Label');
  await expect(label).toHaveValue(recordName);
  await tabTo(page, label);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
});
