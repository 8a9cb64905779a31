/**
 * Steps the workspace tests share: import a file through the stable `import-input`, close the
 * getting-started card, open the Fox paused, find a bone's vertices on screen, and stroke the brush through them.
 */
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { openApp } from './appPage.ts';

export const data = path.resolve('../shared/data');

export async function importFiles(page: Page, files: string[], expectedName: string): Promise<void> {
  await page.getByTestId('import-input').setInputFiles(files);
  await page.waitForFunction((name) => window.__overlap!.documentName === name && !window.__overlap!.loading, expectedName);
}

export async function closeFirstRun(page: Page): Promise<void> {
  const card = page.getByTestId('first-run');
  if (await card.isVisible()) await page.getByTestId('first-run-close').click();
}

/** Opens the app, closes the getting-started card, imports the Fox (../shared/data/Fox.glb) and pauses playback. */
export async function openFox(page: Page): Promise<void> {
  await openApp(page);
  await closeFirstRun(page);
  await importFiles(page, [path.join(data, 'Fox.glb')], 'Fox.glb');
  await page.evaluate(() => window.__overlap!.setPlaying(false));
}

/** The edits the recovery tests expect back: the scale fix, then a flood fill of `value` in paint mode (left on). */
export async function scaleFixAndFill(page: Page, value: string): Promise<void> {
  await page.getByTestId('scale-fix').click();
  await page.getByTestId('paint-mode').click();
  await page.getByTestId('fill-value').fill(value);
  await page.getByTestId('fill-value').press('Enter');
  await page.getByTestId('fill-weights').click();
}

/** Window positions of a bone's vertices (welded), ordered into a path from one end to the other. */
export async function boneStrokePath(page: Page, mesh: string, bone: string): Promise<Array<{ x: number; y: number }>> {
  const points = await page.evaluate(
    ([meshName, boneName]) => {
      const handle = window.__overlap!;
      return handle
        .boneVertices(meshName, boneName, true)
        .map((v) => handle.screenPosition(meshName, [v]))
        .filter((p): p is { x: number; y: number } => p !== null);
    },
    [mesh, bone] as const,
  );
  expect(points.length, `${bone} has vertices on screen`).toBeGreaterThan(3);
  // Greedy nearest-neighbour path from the point farthest from the centroid.
  const centroid = points.reduce((sum, p) => ({ x: sum.x + p.x / points.length, y: sum.y + p.y / points.length }), { x: 0, y: 0 });
  const remaining = [...points];
  remaining.sort((a, b) => Math.hypot(b.x - centroid.x, b.y - centroid.y) - Math.hypot(a.x - centroid.x, a.y - centroid.y));
  const ordered = [remaining.shift()!];
  while (remaining.length > 0) {
    const last = ordered[ordered.length - 1];
    let best = 0;
    for (let i = 1; i < remaining.length; i++)
      if (Math.hypot(remaining[i].x - last.x, remaining[i].y - last.y) < Math.hypot(remaining[best].x - last.x, remaining[best].y - last.y)) best = i;
    ordered.push(remaining.splice(best, 1)[0]);
  }
  return ordered;
}

/** Paint mode with a constant "set to 1" brush at full strength, of `radius` in world units (scene units). */
export async function setToOneBrush(page: Page, radius: number): Promise<void> {
  await page.getByTestId('paint-mode').click();
  await page.getByTestId('mode-set').click();
  await page.getByTestId('brush-weight').fill('1');
  await page.getByTestId('brush-strength').fill('1');
  await page.getByTestId('brush-falloff').selectOption('constant');
  await page.getByTestId('brush-radius-unit').selectOption('world');
  await page.getByTestId('brush-radius').fill(String(radius));
}

/** One brush stroke (one undo step) through the points. */
export async function stroke(page: Page, points: Array<{ x: number; y: number }>): Promise<void> {
  await page.mouse.move(points[0].x, points[0].y);
  await page.mouse.down();
  for (const point of points.slice(1)) await page.mouse.move(point.x, point.y, { steps: 2 });
  await page.mouse.up();
}

/** Mean of the values at the given indices. */
export const meanAt = (values: ArrayLike<number>, indices: number[]): number => indices.reduce((sum, v) => sum + values[v], 0) / indices.length;
