/**
 * Autosave on change (issue 34, item 3), in Chromium through the real UI: an edit is autosaved a few seconds after it
 * is made, with no timer to wait for and nothing called by hand, so reloading the page ten seconds after the edit, or
 * killing it ten seconds after the next one, offers the work back and restores it exactly.
 */
import { expect, test, type Page } from '@playwright/test';

import { openFox, scaleFixAndFill } from './workspace.ts';

test.use({ viewport: { width: 1280, height: 760 } });

async function restore(page: Page): Promise<void> {
  await expect(page.getByTestId('recovery'), 'the autosave is offered').toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('recovery'), 'naming the document').toContainText('Fox.glb');
  await page.waitForFunction(() => window.__overlap?.ready === true);
  await page.getByTestId('recovery-restore').click();
  await page.waitForFunction(() => window.__overlap!.documentName === 'Fox.glb' && !window.__overlap!.loading);
}

test('a reload 10 s after an edit, and a crash 10 s after the next, bring the work back', async ({ page, context }) => {
  test.setTimeout(420_000);
  await openFox(page);

  // Two edits: the scale fix, and a flood fill of 0.7 in paint mode.
  await scaleFixAndFill(page, '0.7');
  await page.getByTestId('paint-mode').click();
  await page.waitForTimeout(10_000);

  // Reload (the leave prompt answered "leave"), ten seconds later.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await restore(page);
  expect(
    (await page.evaluate(() => window.__overlap!.paintedWeights('fox')))?.every((w) => Math.abs(w - 0.7) < 1e-6),
    'the fill is back',
  ).toBe(true);
  await expect(page.getByTestId('scene-scale'), 'and the scale').toHaveValue('0.01');
  await expect(page.getByTestId('document-title').locator('.dirty-dot'), 'still unsaved').toHaveCount(1);

  // The next edit, then the page is killed ten seconds later (no unload handlers run).
  await page.getByTestId('mesh-lattice').fill('7');
  await page.getByTestId('mesh-lattice').press('Enter');
  await page.waitForTimeout(10_000);
  await page.close({ runBeforeUnload: false });
  const next = await context.newPage();
  await next.goto('/');
  await restore(next);
  await expect(next.getByTestId('mesh-lattice'), 'the last edit survived the crash').toHaveValue('7');
  expect(
    (await next.evaluate(() => window.__overlap!.paintedWeights('fox')))?.every((w) => Math.abs(w - 0.7) < 1e-6),
    'with the earlier ones',
  ).toBe(true);
});
