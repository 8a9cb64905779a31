/**
 * The live preview in Chromium: the Live toggle simulates the sample while it plays (the engine worker runs the bake's
 * simulation session frame by frame), the ruler shows the cached frames, playback waits for the simulation, the
 * viewport draws the simulated mesh in place of the input, and a bake with the same settings reproduces the preview's
 * frames bit for bit. Coarse settings (13 frames, lattice 6) keep it to seconds on two cores.
 */
import { expect, test } from '@playwright/test';
import { coarseJellySettings, openApp, viewportShot } from './appPage.ts';
import { changedFraction } from './pixels.ts';

test('Live preview simulates while playing, caches the frames, draws them, and a bake reproduces them exactly', async ({ page }) => {
  await openApp(page);
  await coarseJellySettings(page);
  const input = await (async () => {
    await page.evaluate(() => window.__overlap!.setClipTime(12 / 30));
    return viewportShot(page);
  })();
  await page.evaluate(() => window.__overlap!.setClipTime(0));

  const live = page.getByTestId('live-preview');
  await live.click();
  await expect(live, 'the toggle is on').toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('timeline-play').click();
  await page.waitForFunction(() => window.__overlap!.livePreview.cachedRanges.some(([a, b]) => a === 0 && b === 12), null, { timeout: 45_000 });
  await page.evaluate(() => window.__overlap!.setPlaying(false));
  expect(await page.evaluate(() => window.__overlap!.livePreview.cachedRanges), 'one cached range, frames 0 to 12').toEqual([[0, 12]]);
  await expect(page.locator('.cached-range'), 'the ruler shows it').toHaveCount(1);

  // At frame 12 the jelly lags its input: the live preview draws other pixels than the input did.
  await page.evaluate(() => window.__overlap!.setClipTime(12 / 30));
  const simulated = await viewportShot(page);
  expect(await changedFraction(page, input, simulated), 'the viewport shows the simulated frame, not the input').toBeGreaterThan(0.0005);

  // The bake runs the same session: its frames are the preview's, bit for bit.
  await page.getByTestId('bake-button').click();
  await page.waitForFunction(() => window.__overlap!.baked !== null, null, { timeout: 45_000 });
  for (const frame of [1, 6, 12]) {
    const [preview, baked] = await page.evaluate((f) => [window.__overlap!.previewPositions('Blob', f), window.__overlap!.bakedPositions('Blob', f)], frame);
    expect(preview, `frame ${frame} is cached`).not.toBeNull();
    expect(baked, `frame ${frame} is baked`).not.toBeNull();
    expect(
      preview!.every((x, i) => x === baked![i]),
      `frame ${frame}: preview and bake agree bit for bit`,
    ).toBe(true);
  }

  // Turning it off drops the cache and shows the input again.
  await live.click();
  expect(await page.evaluate(() => window.__overlap!.livePreview), 'off: nothing cached').toEqual({ on: false, cachedRanges: [], status: null });
});
