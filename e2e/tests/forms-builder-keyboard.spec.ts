import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from '../axe';

// The form builder with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrow keys and typing), and
// the same builder with the mouse: drag from the palette, drag a question into another group.

const MAX_TABS = 200;

async function isFocused(target: Locator): Promise<boolean> {
  return target.evaluate((element) => element === document.activeElement);
}

/** Fails unless the focused element shows a focus indicator (an outline or a box shadow). */
async function expectVisibleFocus(page: Page): Promise<void> {
  const focus = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return {
      element: `${element.tagName.toLowerCase()} “${(element.textContent ?? '').trim().slice(0, 40)}”`,
      visible:
        (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) ||
        style.boxShadow !== 'none',
    };
  });
  expect(focus, 'something has focus').not.toBeNull();
  expect(focus?.visible, `visible focus indicator on ${focus?.element}`).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the target has focus, then checks that the focus is visible. */
async function tabTo(page: Page, target: Locator, direction: 'forward' | 'backward' = 'forward') {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < MAX_TABS; presses++) {
    if (await isFocused(target)) break;
    await page.keyboard.press(direction === 'forward' ? 'Tab' : 'Shift+Tab');
  }
  if (!(await isFocused(target))) throw new Error(`${MAX_TABS} presses did not reach ${target}`);
  await expectVisibleFocus(page);
}

/** Replaces the text of the focused field by typing. */
async function typeOver(page: Page, text: string) {
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

async function signIn(page: Page) {
  await page.goto('/signin');
  await tabTo(page, page.getByLabel('User name'));
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('admin-demo-2026');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/staff$/);
}

/** The labels of the questions of a group, in order, as the builder lists them. */
async function questionLabels(page: Page, group: string) {
  const names = await page
    .getByRole('list', { name: `Questions of ${group}` })
    .getByRole('button', { name: /^Edit question / })
    .allTextContents();
  return names.map((name) => name.replace(/^Edit question /, ''));
}

test('staff build, reorder, make conditional and save a form with the keyboard alone', async ({ page }) => {
  // Hundreds of key presses, each followed by a look at the focus.
  test.setTimeout(180_000);
  await signIn(page);
  const forms = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' });
  await tabTo(page, forms);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('link', { name: 'New form' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'New form' })).toBeVisible();

  await tabTo(page, page.getByLabel('Form name'));
  await page.keyboard.type('Keyboard form');

  // A palette button adds to the chosen group and opens the new question's properties.
  await tabTo(page, page.getByRole('button', { name: 'Add Short text' }));
  await page.keyboard.press('Enter');
  const label = page.getByLabel('Question label');
  await expect(label).toBeFocused();
  await typeOver(page, 'Full name');
  await tabTo(page, page.getByRole('checkbox', { name: 'Required' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Required' })).toBeChecked();

  await tabTo(page, page.getByRole('button', { name: 'Add Yes or no' }), 'backward');
  await page.keyboard.press('Enter');
  await expect(label).toBeFocused();
  await typeOver(page, 'Certified?');
  expect(await questionLabels(page, 'Group 1')).toEqual(['Full name', 'Certified?']);

  // Reorder with dnd-kit's keyboard sensor: pick up, arrow down, drop.
  const handle = page.getByRole('button', { name: 'Drag question Full name' });
  await tabTo(page, handle, 'backward');
  await page.keyboard.press('Space');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Picked up question “Full name”');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('over position 2 of 2 in Group 1');
  await page.keyboard.press('Space');
  await expect.poll(() => questionLabels(page, 'Group 1')).toEqual(['Certified?', 'Full name']);
  await expect(page.getByRole('status').filter({ hasText: 'is now at position 2 of 2' })).toBeAttached();

  // And back with the visible Move up button; focus stays on it.
  const moveUp = page.getByRole('button', { name: 'Move up question Full name' });
  await tabTo(page, moveUp);
  await page.keyboard.press('Enter');
  await expect.poll(() => questionLabels(page, 'Group 1')).toEqual(['Full name', 'Certified?']);
  await expect(page.getByRole('button', { name: 'Move down question Full name' })).toBeFocused();

  // A second group, shown only when “Certified?” is answered Yes, with a required signature.
  await tabTo(page, page.getByRole('button', { name: 'Add group' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Group title')).toBeFocused();
  await typeOver(page, 'Signature');
  await tabTo(page, page.getByRole('button', { name: 'Add Signature' }), 'backward');
  await page.keyboard.press('Enter');
  await expect(label).toBeFocused();
  await typeOver(page, 'Sign here');
  await tabTo(page, page.getByRole('checkbox', { name: 'Required' }));
  await page.keyboard.press('Space');
  expect(await questionLabels(page, 'Signature')).toEqual(['Sign here']);

  await tabTo(page, page.getByRole('button', { name: 'Edit group Signature' }), 'backward');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Group title')).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Add condition' }));
  await page.keyboard.press('Enter');
  const source = page.getByLabel('Condition 1 question');
  await expect(source).toBeFocused();
  await expect(source.locator('option:checked')).toHaveText('Certified?');
  // The comparison starts at “is answered”; the arrow keys choose “is”, then the value “Yes”.
  const comparison = page.getByLabel('Condition 1 comparison');
  await tabTo(page, comparison);
  while ((await comparison.inputValue()) !== 'equals') await page.keyboard.press('ArrowUp');
  const value = page.getByLabel('Condition 1 value');
  await tabTo(page, value);
  while ((await value.inputValue()) !== 'yes') await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Shown when conditions are met')).toBeVisible();
  await expectNoAxeViolations(page);

  // Groups reorder by keyboard drag too; a group above the question it depends on is flagged.
  const groupTitles = () =>
    page
      .getByRole('heading', { level: 3 })
      .allTextContents()
      .then((names) => names.map((n) => n.replace(/^Edit group /, '')));
  await tabTo(page, page.getByRole('button', { name: 'Drag group Signature' }), 'backward');
  await page.keyboard.press('Space');
  // dnd-kit listens for the arrow keys from the next tick on, as a person would press them.
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('Picked up group “Signature”');
  await page.keyboard.press('ArrowUp');
  await expect(page.locator('[id^="DndLiveRegion"]')).toContainText('over position 1 of 2 groups');
  await page.keyboard.press('Space');
  await expect.poll(groupTitles).toEqual(['Signature', 'Group 1']);
  await expect(page.getByText('must come earlier in the form')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Move down group Signature' }));
  await page.keyboard.press('Enter');
  await expect.poll(groupTitles).toEqual(['Group 1', 'Signature']);
  await expect(page.getByText('must come earlier in the form')).toHaveCount(0);

  // A second page, and the signature group moved onto it.
  await tabTo(page, page.getByRole('button', { name: 'Add page' }), 'backward');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Page title')).toBeFocused();
  await typeOver(page, 'Declaration');
  await expect(page.getByRole('tab', { name: 'Declaration' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, page.getByRole('tab', { name: 'Declaration' }), 'backward');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Page 1' })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Edit group Signature' }));
  await page.keyboard.press('Enter');
  const moveToPage = page.getByLabel('Move to page');
  await tabTo(page, moveToPage);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('tab', { name: 'Declaration' })).toHaveAttribute('aria-selected', 'true');
  await expect(moveToPage).toBeFocused();
  expect(await groupTitles()).toEqual(['Group 1', 'Signature']);
  await expectNoAxeViolations(page);

  await tabTo(page, page.getByRole('button', { name: 'Save' }), 'backward');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved — version 1', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/forms\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Form: Keyboard form' })).toBeVisible();

  // What was saved comes back the same after a reload.
  await page.reload();
  await expect(page.getByText('Version 1')).toBeVisible();
  expect(await questionLabels(page, 'Group 1')).toEqual(['Full name', 'Certified?']);
  await expect(page.getByRole('tab', { name: 'Declaration' })).toBeVisible();
  await tabTo(page, page.getByRole('tab', { name: 'Page 1' }));
  await page.keyboard.press('ArrowRight');
  expect(await questionLabels(page, 'Signature')).toEqual(['Sign here']);
  await expect(page.getByText('Shown when conditions are met')).toBeVisible();

  // The preview shows the signature group only once “Certified?” is Yes.
  await tabTo(page, page.getByRole('tab', { name: 'Build' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Preview' })).toHaveAttribute('aria-selected', 'true');
  const preview = page.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByText('Full name')).toBeVisible();
  await tabTo(page, preview.getByRole('radio', { name: 'Yes' }));
  await page.keyboard.press('Space');
  await tabTo(page, preview.getByRole('button', { name: 'Next' }));
  await page.keyboard.press('Enter');
  await expect(preview.getByText('Sign here')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('staff drag a question type onto a group and a question into another group with the mouse', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/staff/forms/new');
  await page.getByLabel('Form name').fill('Mouse form');
  await page.getByRole('button', { name: 'Add Short text' }).click();
  await page.getByLabel('Question label').fill('First');
  await page.getByRole('button', { name: 'Add group' }).click();
  await page.getByLabel('Group title').fill('Second group');

  /** Drags with small steps so that dnd-kit's pointer sensor starts and follows the drag. */
  async function drag(from: Locator, to: Locator, where: 'top' | 'bottom' = 'top') {
    const a = await from.boundingBox();
    const b = await to.boundingBox();
    if (!a || !b) throw new Error('nothing to drag');
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
    const y = where === 'top' ? b.y + Math.min(12, b.height / 4) : b.y + b.height - 6;
    await page.mouse.move(b.x + b.width / 2, y, { steps: 20 });
    await page.mouse.move(b.x + b.width / 2, y + 1, { steps: 2 });
    await page.mouse.up();
  }

  // From the palette onto the empty second group.
  await drag(
    page.getByRole('button', { name: 'Add Number' }),
    page.getByRole('list', { name: 'Questions of Second group' }),
  );
  await expect.poll(() => questionLabels(page, 'Second group')).toEqual(['Number']);
  await expect(page.getByLabel('Question label')).toHaveValue('Number');

  // The first group's question into the second group, before “Number”.
  await drag(
    page.getByRole('button', { name: 'Drag question First' }),
    page.getByRole('list', { name: 'Questions of Second group' }).getByRole('listitem').first(),
  );
  await expect.poll(() => questionLabels(page, 'Second group')).toEqual(['First', 'Number']);
  expect(await questionLabels(page, 'Group 1')).toEqual([]);

  // Leaving with unsaved changes asks first.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New form' })).toBeVisible();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved — version 1', { exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  // Columns after the name: type, version, questions, responses, active.
  const row = page.getByRole('row', { name: /Mouse form/ });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
});

test('staff put forms in a package, order them, mark one optional, and delete the package', async ({
  page,
}) => {
  await signIn(page);
  // A second form to package with the demo one.
  await page.goto('/staff/forms/new');
  await page.getByLabel('Form name').fill('Package companion form');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved — version 1', { exact: true })).toBeVisible();

  await page.goto('/staff/forms');
  await page.getByRole('link', { name: 'Form packages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Form packages' })).toBeVisible();
  await page.getByRole('link', { name: 'New package' }).click();
  await page.getByLabel('Package name').fill('Initial licence');
  await page.getByLabel('Form to add').selectOption({ label: 'Demo initial application' });
  await page.getByRole('button', { name: 'Add form' }).click();
  await page.getByLabel('Form to add').selectOption({ label: 'Package companion form' });
  await page.getByRole('button', { name: 'Add form' }).click();
  await page.getByRole('button', { name: 'Move up Package companion form' }).click();
  await expect(page.getByText('1. Package companion form')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Required: Demo initial application' }).uncheck();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Package “Initial licence” was saved.')).toBeVisible();
  await expect(
    page
      .getByRole('row', { name: /Initial licence/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('2');

  await page.getByRole('link', { name: 'Initial licence' }).click();
  await expect(page.getByText('1. Package companion form')).toBeVisible();
  await expect(page.getByText('2. Demo initial application')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Required: Demo initial application' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Required: Package companion form' })).toBeChecked();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this package?' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Package “Initial licence” was deleted.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Initial licence' })).toHaveCount(0);
});
