/**
 * Shared steps of the end-to-end tests: open the app on the built-in sample and wait until it is
 * ready, and draw one more frame.
 */
import { expect, type Page } from '@playwright/test';

/**
 * Opens the app, waits until the sample is shown, the viewport has drawn and the GPU self-test has
 * finished, then pauses playback: SwiftShader renders on the CPU, and a playing viewport would
 * compete with every screenshot for the machine's two cores.
 */
export async function openApp(page: Page, options: { keepPlaying?: boolean; firstRun?: boolean } = {}): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The getting-started card covers part of the viewport; tests that do not look at it mark it read.
  if (!options.firstRun) await page.addInitScript(() => localStorage.setItem('overlap.firstRun.v1', '1'));
  await page.goto('/');
  await page.waitForFunction(() => window.__overlap?.ready === true && window.__overlap.documentName !== null, null, { timeout: 30_000 });
  await page.waitForFunction(() => window.__overlap!.renderedFrames > 2);
  await page.waitForFunction(() => window.__overlap!.backend === 'cpu' || window.__overlap!.skinningSelfTest !== null, null, { timeout: 40_000 });
  if (!options.keepPlaying) await page.evaluate(() => window.__overlap!.setPlaying(false));
  expect(errors, 'no uncaught errors while starting').toEqual([]);
}

/** Draws one more frame and resolves when it is on screen. */
export async function redraw(page: Page): Promise<void> {
  const frames = await page.evaluate(() => {
    window.__overlap!.requestRedraw();
    return window.__overlap!.renderedFrames;
  });
  await page.waitForFunction((start) => window.__overlap!.renderedFrames > start, frames - 1);
}

/** Types a value into a number field of a panel and commits it (Enter). */
export async function setNumber(page: Page, testId: string, value: number): Promise<void> {
  const field = page.getByTestId(testId);
  await field.fill(String(value));
  await field.press('Enter');
}

/** The viewport's canvas after one more drawn frame, as PNG bytes. */
export async function viewportShot(page: Page): Promise<Buffer> {
  await redraw(page);
  return page.getByTestId('viewport').locator('canvas').screenshot();
}

/**
 * Coarse bake settings that keep a bake or a live preview of the sample to seconds on two cores: frames 0 to 12,
 * lattice resolution 6, the jelly preset, and a uniform weight of 0.8 (a flood fill in paint mode).
 */
export async function coarseJellySettings(page: Page): Promise<void> {
  await setNumber(page, 'bake-first-frame', 0);
  await setNumber(page, 'bake-last-frame', 12);
  await setNumber(page, 'mesh-lattice', 6);
  await page.getByTestId('mesh-preset').selectOption('jelly');
  await page.getByTestId('paint-mode').click();
  await setNumber(page, 'fill-value', 0.8);
  await page.getByTestId('fill-weights').click();
  await page.getByTestId('paint-mode').click();
}
