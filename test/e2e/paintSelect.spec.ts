/**
 * A click in paint mode still selects the mesh under the pointer (issue 38 item 4): strokes switch
 * react-three-fiber's events off (its click-to-select raycast every skinned mesh, triangle by triangle, on pointer
 * down and up) and a click picks through the paint pickers' BVHs instead. On RobotExpressive (19 meshes): the mesh a
 * click selects in paint mode is the one the scene's own click selects outside it, at two points on two meshes.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './appPage.ts';

const data = path.resolve('../shared/data');

const selected = (page: Page): Promise<string | null> =>
  page.evaluate(() => (JSON.parse(window.__overlap!.storeSnapshot()) as { selectedMesh: string | null }).selectedMesh);

test('a click in paint mode selects the mesh the scene’s click selects', async ({ page }) => {
  test.setTimeout(300_000);
  await openApp(page);
  await page.getByTestId('import-input').setInputFiles([path.join(data, 'RobotExpressive.glb')]);
  await page
    .getByTestId('prompt-discard')
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await page.waitForFunction(() => window.__overlap!.documentName === 'RobotExpressive.glb' && !window.__overlap!.loading, null, { timeout: 120_000 });
  await page.evaluate(() => window.__overlap!.setPlaying(false));
  const bounds = (await page.evaluate(() => window.__overlap!.screenBounds(null)))!;
  const x = (bounds.left + bounds.right) / 2;
  // The head (upper fifth) and the body (middle): two different meshes of the robot.
  const points = [0.12, 0.5].map((t) => ({ x, y: bounds.top + t * (bounds.bottom - bounds.top) }));

  const outside: Array<string | null> = [];
  for (const point of points) {
    await page.mouse.click(point.x, point.y);
    await expect.poll(() => selected(page), { message: 'the scene’s click selects a mesh' }).not.toBeNull();
    outside.push(await selected(page));
  }
  expect(outside[0], 'the two points lie on two different meshes (the test’s premise)').not.toBe(outside[1]);

  await page.getByTestId('paint-mode').click();
  for (const [index, point] of points.entries()) {
    await page.mouse.click(point.x, point.y);
    await expect.poll(() => selected(page), { message: `point ${index}: paint mode's click selects what the scene's click selected` }).toBe(outside[index]);
  }
  // And a stroke (a drag) does not change the selection.
  const before = await selected(page);
  await page.mouse.move(points[0].x, points[0].y);
  await page.mouse.down();
  await page.mouse.move(points[0].x + 40, points[0].y + 30, { steps: 5 });
  await page.mouse.up();
  expect(await selected(page), 'a stroke is not a click').toBe(before);
});
