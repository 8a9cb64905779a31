/**
 * Paint on top of the preview (issue 34, item 5), in Chromium through the real UI: with the live preview on, paint
 * mode draws the heat map on the simulated surface (it used to show the textured mesh, so the artist painted blind),
 * a stroke there changes the weights, and the Show control says what is drawn: Live (not Input) with "simulated frame
 * 12", and on a frame outside the simulated range that the input is shown.
 */
import { expect, test, type Page } from '@playwright/test';
import { coarseJellySettings, openApp, viewportShot } from './appPage.ts';
import { changedFraction } from './pixels.ts';

/** Pixels of a viewport screenshot in the heat map's colour of a weight of 0.8 (yellow turning orange: no blue, red ≥ green > half of red). */
async function heatPixels(page: Page, png: Buffer): Promise<number> {
  return page.evaluate(async (base64) => {
    const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
    const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let count = 0;
    for (let i = 0; i < pixels.length; i += 4)
      if (pixels[i] > 120 && pixels[i + 2] < 0.45 * pixels[i] && pixels[i + 1] > 0.55 * pixels[i] && pixels[i + 1] <= pixels[i] + 8) count++;
    return count;
  }, png.toString('base64'));
}

test('with Live on, paint mode shows the heat map on the simulated surface, strokes land, and the Show control says Live', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await openApp(page);
  await coarseJellySettings(page);
  // The input with its heat map at frame 12, for comparison.
  await page.evaluate(() => window.__overlap!.setClipTime(12 / 30));
  await page.getByTestId('paint-mode').click();
  const inputHeat = await viewportShot(page);
  await page.getByTestId('paint-mode').click();
  await page.evaluate(() => window.__overlap!.setClipTime(0));

  // Live, chosen in the Show control: it simulates while playing.
  await page.getByTestId('view-live').click();
  await expect(page.getByTestId('live-preview'), 'the timeline’s Live is on').toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('timeline-play').click();
  await page.waitForFunction(() => window.__overlap!.livePreview.cachedRanges.some(([a, b]) => a === 0 && b === 12), null, { timeout: 120_000 });
  await page.evaluate(() => window.__overlap!.setPlaying(false));
  await page.evaluate(() => window.__overlap!.setClipTime(12 / 30));
  await expect(page.getByTestId('view-live'), 'Live is lit').toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('view-input'), 'Input is not').toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('live-status'), 'and it says the frame is simulated').toHaveText('simulated frame 12');
  const simulatedPlain = await viewportShot(page);

  // Paint mode over the simulated frame: the heat map, on the simulated shape.
  await page.getByTestId('paint-mode').click();
  const simulatedHeat = await viewportShot(page);
  await page.getByTestId('viewport').screenshot({ path: testInfo.outputPath('live-heat.png') });
  const [plainHeat, liveHeat] = [await heatPixels(page, simulatedPlain), await heatPixels(page, simulatedHeat)];
  testInfo.annotations.push({ type: 'heat pixels', description: `live without paint mode ${plainHeat}, live in paint mode ${liveHeat}` });
  expect(liveHeat, 'the heat map (0.8: orange) is drawn in paint mode while Live is on').toBeGreaterThan(Math.max(2000, 20 * plainHeat));
  expect(await changedFraction(page, inputHeat, simulatedHeat), 'on the simulated surface, not the input’s').toBeGreaterThan(0.0005);

  // A stroke across the blob lands: painting works on what is drawn.
  await page.getByTestId('mode-set').click();
  await page.getByTestId('brush-weight').fill('0.1');
  await page.getByTestId('brush-weight').press('Enter');
  const box = (await page.getByTestId('viewport').boundingBox())!;
  const before = await page.evaluate(() => window.__overlap!.paintedWeights('Blob'));
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5, { steps: 8 });
  await page.mouse.up();
  const after = await page.evaluate(() => window.__overlap!.paintedWeights('Blob'));
  expect(after!.filter((w, v) => w !== before![v]).length, 'the stroke changed weights').toBeGreaterThan(0);

  // Outside the simulated range the input is drawn, and the Show control says so.
  await page.getByTestId('paint-mode').click();
  await page.evaluate(() => window.__overlap!.setClipTime(40 / 30));
  await expect(page.getByTestId('live-status'), 'the input, outside the range').toHaveText('frame 40: input (outside the bake range)');
  // Input switches the preview off.
  await page.getByTestId('view-input').click();
  await expect(page.getByTestId('live-preview'), 'Live off').toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('live-status'), 'no live status').toHaveCount(0);
});
