/**
 * Issue 13 "Done when" 6: keyboard-only navigation reaches every panel, and axe-core finds no serious
 * or critical violation on the page (with the getting-started card, in paint mode, and after a
 * prompt). Also checks the 13 px minimum text size on every visible text node.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './appPage.ts';

const PANELS = {
  'top bar': '.top-bar',
  outliner: '[data-testid="outliner"]',
  viewport: '[data-testid="viewport"]',
  properties: '[data-testid="properties"]',
  timeline: '.timeline',
} as const;

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join('; ')})`,
    );
}

test('6. keyboard-only navigation reaches every panel; axe-core finds no serious violations', async ({ page }) => {
  await openApp(page, { firstRun: true });
  await expect(page.getByTestId('first-run'), 'the getting-started card on the first run').toBeVisible();
  expect(await seriousViolations(page), 'axe: the window with the getting-started card').toEqual([]);
  await page.getByTestId('first-run-close').click();

  // Tab from the top of the page, as a keyboard user does, until every panel has held the focus.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const reached = new Set<string>();
  for (let press = 0; press < 250 && reached.size < Object.keys(PANELS).length; press++) {
    await page.keyboard.press('Tab');
    const panel = await page.evaluate((panels) => {
      const active = document.activeElement;
      for (const [name, selector] of Object.entries(panels)) if (active && active.closest(selector)) return name;
      return null;
    }, PANELS);
    if (panel) reached.add(panel);
  }
  expect([...reached].sort(), 'Tab reaches every panel').toEqual(Object.keys(PANELS).sort());

  // F6 jumps from panel to panel.
  await page.keyboard.press('F6');
  const first = await page.evaluate(
    () =>
      document.activeElement?.closest('.top-bar, [data-testid="outliner"], [data-testid="viewport"], [data-testid="properties"], .timeline')?.className ?? '',
  );
  await page.keyboard.press('F6');
  const second = await page.evaluate(
    () =>
      document.activeElement?.closest('.top-bar, [data-testid="outliner"], [data-testid="viewport"], [data-testid="properties"], .timeline')?.className ?? '',
  );
  expect(second, 'F6 moves to another panel').not.toBe(first);

  // Paint mode from the keyboard: its tools become reachable and pass axe too.
  await page.getByTestId('paint-mode').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('paint-toolbar'), 'paint tools shown').toBeVisible();
  await page.getByTestId('brush-radius').focus();
  expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'the brush radius takes the keyboard').toBe('brush-radius');
  expect(await seriousViolations(page), 'axe: paint mode').toEqual([]);

  // Every control has a tooltip or a visible label; no visible text is under 13 px.
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, select, input:not([type="file"]), [role="slider"], summary')]
      .filter((element) => element.offsetParent !== null)
      .filter((element) => !(element.title || element.closest('[title]')?.getAttribute('title')))
      .map((element) => element.outerHTML.slice(0, 80)),
  );
  expect(unlabelled, 'every visible control has a tooltip').toEqual([]);
  const small = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim() || element.offsetParent === null) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < 13) found.push(`${size}px: ${node.textContent.trim().slice(0, 30)}`);
    }
    return found;
  });
  expect(small, 'no text under 13 px').toEqual([]);
});
