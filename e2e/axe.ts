import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with the list of WCAG 2.1 A/AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // A dialog or menu that is still fading in has, for that moment, text of too little contrast:
  // check the page as it settles, not mid-transition.
  // Endless animations (a spinner, also one Mantine keeps mounted, hidden, after a button's loading state)
  // never finish: they are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}
