/**
 * The small things an animator notices in the first hour (issue 34, item 8), in Chromium through the real UI: a
 * refused reversed frame range leaves the range's own number in the field; one drag of a range handle is one undo
 * step; the Properties column never scrolls sideways and its labels are not cut; pinned and 3 cm max-distance
 * vertices are different colours; the robot's visor, hard to click in the viewport, is framed from the outliner (the
 * framing itself is checked in viewportControls.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { redraw } from './appPage.ts';
import { colourAt } from './pixels.ts';
import { openFox } from './workspace.ts';

test.use({ viewport: { width: 1280, height: 760 } });

test('a refused range keeps the field true, a handle drag is one undo, and the Properties column fits', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openFox(page);
  await page.getByTestId('clip-row').filter({ hasText: 'Survey' }).click();

  // A reversed range is refused, and the field shows the range's own first frame again, not the refused number.
  const [first, last] = [page.getByTestId('bake-first-frame'), page.getByTestId('bake-last-frame')];
  await last.fill('40');
  await last.press('Enter');
  await first.fill('10');
  await first.press('Enter');
  await first.fill('60');
  await first.press('Enter');
  await expect(page.getByTestId('bake-range-error'), 'refused, with a message').toContainText('after the last');
  await expect(first, 'the field shows the first frame that holds').toHaveValue('10');
  await expect(last, 'and the last').toHaveValue('40');

  // One drag of the last-frame handle through many frames is one undo step.
  const handle = page.getByTestId('range-last');
  const start = (await handle.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 8; step++) await page.mouse.move(start.x + start.width / 2 + 18 * step, start.y + start.height / 2);
  await page.mouse.up();
  const dragged = await page.evaluate(
    () => (JSON.parse(window.__overlap!.storeSnapshot()) as { bakeSettings: { frames: [number, number] } }).bakeSettings.frames,
  );
  expect(dragged[1], 'the handle moved the last frame').toBeGreaterThan(42);
  await page.getByTestId('undo').click();
  await expect(last, 'one undo puts the range back as it was before the drag').toHaveValue('40');
  await page.getByTestId('redo').click();
  await expect(last, 'one redo brings the drag back').toHaveValue(String(dragged[1]));

  // The Properties column: no sideways scrolling, no label or text cut off.
  const properties = page.getByTestId('properties');
  const overflow = await properties.evaluate((element) => ({
    scroll: element.scrollWidth - element.clientWidth,
    cut: [...element.querySelectorAll('.form-label, .muted-text, .value-text, .checkbox-text, .panel-heading')]
      .filter((node) => (node as HTMLElement).offsetParent !== null && node.scrollWidth > node.clientWidth + 1)
      .map((node) => node.textContent),
    outside: [...element.querySelectorAll('.form-row *')]
      .filter((node) => (node as HTMLElement).offsetParent !== null && node.getBoundingClientRect().right > element.getBoundingClientRect().right + 1)
      .map((node) => node.textContent?.slice(0, 40)),
  }));
  await properties.screenshot({ path: testInfo.outputPath('properties.png') });
  expect(overflow.scroll, 'no sideways scroll').toBeLessThanOrEqual(0);
  expect(overflow.cut, 'no text cut off').toEqual([]);
  expect(overflow.outside, 'nothing past the column’s edge').toEqual([]);
  await expect(page.getByTestId('mesh-panel'), 'the contact line reads whole').toContainText('Self-contact in the Bake panel');
});

test('pinned and 3 cm limited vertices are different colours on the limits channel', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await openFox(page);
  await page.getByTestId('paint-mode').click();
  // The whole fox limited to 3 cm, then its head pinned: the two side by side, each over a large area.
  await page.getByTestId('select-all').click();
  await page.getByTestId('limit-value').fill('3');
  await page.getByTestId('limit-value').press('Enter');
  await page.getByTestId('limit-selection').click();
  await page.getByTestId('select-bone').selectOption({ label: 'b_Head_05' });
  await page.getByTestId('select-by-bone').click();
  await page.getByTestId('pin-selection').click();
  await page.getByTestId('select-none').click();
  await page.getByTestId('channel-limits').click();
  await redraw(page);
  const head = await page.evaluate(() => window.__overlap!.screenPosition('fox', window.__overlap!.boneVertices('fox', 'b_Head_05', false)));
  const chest = await page.evaluate(() => window.__overlap!.screenPosition('fox', window.__overlap!.boneVertices('fox', 'b_Spine01_02', false)));
  await page.getByTestId('viewport').screenshot({ path: testInfo.outputPath('limits.png') });
  const [pinned, limited] = [await colourAt(page, head!), await colourAt(page, chest!)];
  testInfo.annotations.push({ type: 'colours', description: `pinned ${pinned.map(Math.round)}, 3 cm ${limited.map(Math.round)}` });
  const distance = Math.hypot(pinned[0] - limited[0], pinned[1] - limited[1], pinned[2] - limited[2]);
  expect(distance, 'far apart in RGB (they were 30% along one violet-to-teal ramp)').toBeGreaterThan(100);
  expect(pinned[2] - pinned[1], 'the pin is violet (blue over green)').toBeGreaterThan(40);
  expect(limited[1] - limited[2], 'the 3 cm limit is not (green over blue)').toBeGreaterThan(40);
  await expect(page.getByTestId('heat-legend'), 'the legend names both').toContainText('pinned');
});
