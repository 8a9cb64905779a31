/**
 * The Pose (ARAP) tool in Chromium on Fox.glb (issue 12, item 5): select the tail, drag it with the
 * gizmo (the real pointer on the gizmo's centre, and the same drag through the debug handle), release:
 * a keyed correction is in the document, marked on the timeline and listed in the Paint panel; the mesh
 * drawn at that frame is the corrected one (it differs from the animated input), scrubbing away eases it
 * out and back shows it again; the bake request carries it; undo removes it and Delete deletes it.
 */
import { expect, test, type Page } from '@playwright/test';
import { redraw } from './appPage.ts';
import { openFox } from './workspace.ts';
import { maxDistance } from '../helpers/maxDistance.ts';

test.use({ viewport: { width: 1280, height: 760 } });

async function foxInPoseTool(page: Page): Promise<{ tail: number[]; height: number }> {
  await openFox(page);
  // Frame 12 of Survey (24 fps).
  await page.evaluate(() => window.__overlap!.setClipTime(0.5));
  await page.getByTestId('paint-mode').click();
  await page.getByTestId('tool-pose').click();
  const tail = await page.evaluate(() => window.__overlap!.boneVertices('fox', 'b_Tail02_013', true));
  expect(tail.length, 'the tail has vertices').toBeGreaterThan(10);
  const input = await page.evaluate(() => window.__overlap!.inputPositions('fox')!);
  const ys = input.filter((_, i) => i % 3 === 1);
  return { tail, height: Math.max(...ys) - Math.min(...ys) };
}

test('a drag of the tail keys a correction: timeline mark, corrected pose at its frame only, sent to the bake, undoable and deletable', async ({
  page,
}, testInfo) => {
  const { tail, height } = await foxInPoseTool(page);
  const id = await page.evaluate(({ tail, lift }) => window.__overlap!.poseDrag('fox', tail, [0, lift, 0]), { tail, lift: 0.3 * height });
  expect(id, 'the release keyed a correction').not.toBeNull();
  const corrections = await page.evaluate(() => window.__overlap!.poseCorrections);
  expect(
    corrections.map((c) => [c.id, c.mesh, c.frame, c.easeIn, c.easeOut]),
    'one correction at frame 12 with the default 6-frame ease',
  ).toEqual([[id, 'fox', 12, 6, 6]]);
  await expect(page.locator('[data-testid="ruler-mark"][data-kind="correction"]'), 'a mark on the timeline').toHaveCount(1);
  await expect(page.getByTestId('pose-correction-row'), 'listed in the Paint panel').toHaveCount(1);

  const shownAtKey = await page.evaluate(() => window.__overlap!.shownPosePositions('fox')!);
  const inputAtKey = await page.evaluate(() => window.__overlap!.inputPositions('fox')!);
  expect(maxDistance(shownAtKey, inputAtKey), 'at its frame the drawn mesh is the edit: the tail lifted well off the input').toBeGreaterThan(0.2 * height);
  const tailLift = tail.reduce((sum, v) => sum + shownAtKey[3 * v + 1] - inputAtKey[3 * v + 1], 0) / tail.length;
  expect(tailLift, 'the tail went up by about the drag').toBeGreaterThan(0.2 * height);
  await redraw(page);
  await page
    .getByTestId('viewport')
    .locator('canvas')
    .screenshot({ path: testInfo.outputPath('tail-lifted.png') });

  // Ten frames later (past the 6-frame ease out) the correction is off; back on frame 12 it is there again.
  await page.evaluate(() => window.__overlap!.setClipTime(22 / 24));
  await redraw(page);
  const shownAway = await page.evaluate(() => window.__overlap!.shownPosePositions('fox'));
  const inputAway = await page.evaluate(() => window.__overlap!.inputPositions('fox')!);
  expect(shownAway === null || maxDistance(shownAway, inputAway) < 1e-6 * height, 'away from its frame the input is drawn as animated').toBe(true);
  await page.evaluate(() => window.__overlap!.setClipTime(0.5));
  await redraw(page);
  const shownBack = await page.evaluate(() => window.__overlap!.shownPosePositions('fox')!);
  expect(maxDistance(shownBack, shownAtKey), 'back on frame 12 the edit is drawn again').toBeLessThan(1e-6 * height);

  expect(await page.evaluate(() => window.__overlap!.bakeRequestCorrections()), 'a bake started now sends it').toEqual([id]);

  await page.getByTestId('undo').click();
  expect(await page.evaluate(() => window.__overlap!.poseCorrections), 'undo removed it').toEqual([]);
  await expect(page.locator('[data-testid="ruler-mark"][data-kind="correction"]'), 'and its mark').toHaveCount(0);
  const shownUndone = await page.evaluate(() => window.__overlap!.shownPosePositions('fox'));
  expect(shownUndone === null || maxDistance(shownUndone, inputAtKey) < 1e-6 * height, 'the input is drawn as animated again').toBe(true);
  expect(await page.evaluate(() => window.__overlap!.bakeRequestCorrections()), 'and the bake no longer gets it').toEqual([]);

  await page.getByTestId('redo').click();
  await expect(page.getByTestId('pose-correction-row'), 'redo brought it back').toHaveCount(1);
  await page.getByTestId('pose-correction-delete').click();
  expect(await page.evaluate(() => window.__overlap!.poseCorrections), 'Delete deleted it').toEqual([]);
});

test('the gizmo: pressing its centre and dragging the pointer up keys a correction that moves the tail', async ({ page }) => {
  const { tail } = await foxInPoseTool(page);
  await page.evaluate((tail) => window.__overlap!.selectVertices('fox', tail), tail);
  await redraw(page);
  const centre = (await page.evaluate((tail) => window.__overlap!.screenPosition('fox', tail), tail))!;
  expect(centre, 'the tail is on screen').not.toBeNull();
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  for (let k = 1; k <= 8; k++) await page.mouse.move(centre.x, centre.y - 5 * k);
  await page.mouse.up();
  await expect.poll(() => page.evaluate(() => window.__overlap!.poseCorrections.length), { message: 'the release keyed a correction' }).toBe(1);
  const shown = await page.evaluate(() => window.__overlap!.shownPosePositions('fox')!);
  const input = await page.evaluate(() => window.__overlap!.inputPositions('fox')!);
  const lift = tail.reduce((sum, v) => sum + shown[3 * v + 1] - input[3 * v + 1], 0) / tail.length;
  expect(lift, 'dragging up on screen lifted the tail').toBeGreaterThan(0);
});

test('rotate: E switches the gizmo to rotate, a quarter turn of the tail about its centroid is keyed exactly, W switches back', async ({ page }) => {
  const { tail, height } = await foxInPoseTool(page);
  await expect(page.getByTestId('pose-gizmo-translate'), 'the gizmo starts in move mode').toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('viewport').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('e');
  await expect(page.getByTestId('pose-gizmo-rotate'), 'E: rotate').toHaveAttribute('aria-checked', 'true');
  // The turn is the subject here: no contact may hold the tail back from its target.
  await page.getByTestId('pose-contact-self').click();
  await expect(page.getByTestId('pose-contact-self'), 'self-contact off').toHaveAttribute('aria-pressed', 'false');
  const input = await page.evaluate(() => window.__overlap!.inputPositions('fox')!);
  const centroid = [0, 1, 2].map((k) => tail.reduce((sum, v) => sum + input[3 * v + k], 0) / tail.length);
  // A quarter turn about +x: (dx, dy, dz) ↦ (dx, −dz, dy).
  const id = await page.evaluate(({ tail }) => window.__overlap!.poseDrag('fox', tail, [0, 0, 0], 4, [Math.SQRT1_2, 0, 0, Math.SQRT1_2]), { tail });
  expect(id, 'the release keyed a correction').not.toBeNull();
  const shown = await page.evaluate(() => window.__overlap!.shownPosePositions('fox')!);
  let worst = 0;
  for (const v of tail) {
    const [dx, dy, dz] = [0, 1, 2].map((k) => input[3 * v + k] - centroid[k]);
    const expected = [centroid[0] + dx, centroid[1] - dz, centroid[2] + dy];
    worst = Math.max(worst, Math.hypot(...[0, 1, 2].map((k) => shown[3 * v + k] - expected[k])));
  }
  expect(worst, 'every tail vertex is drawn on its turned position').toBeLessThan(1e-3 * height);
  expect(await page.evaluate(() => window.__overlap!.poseLastEnd?.intersections), 'the edit added no intersection').toBe(0);
  await page.keyboard.press('w');
  await expect(page.getByTestId('pose-gizmo-translate'), 'W: move again').toHaveAttribute('aria-checked', 'true');
});

test('contact: with Ground on, pushing the tail far below the floor ends above it; the list edits the ease and switches it off, undoably', async ({ page }) => {
  const { tail, height } = await foxInPoseTool(page);
  const input = await page.evaluate(() => window.__overlap!.inputPositions('fox')!);
  const lowest = Math.min(0, ...input.filter((_, i) => i % 3 === 1));
  await page.getByTestId('pose-contact-ground').click();
  await expect(page.getByTestId('pose-contact-ground'), 'ground on').toHaveAttribute('aria-pressed', 'true');
  const id = await page.evaluate(({ tail, drop }) => window.__overlap!.poseDrag('fox', tail, [0, -drop, 0], 8), { tail, drop: 1.5 * height });
  expect(id, 'keyed').not.toBeNull();
  const shown = await page.evaluate(() => window.__overlap!.shownPosePositions('fox')!);
  const shownLowest = Math.min(...shown.filter((_, i) => i % 3 === 1));
  expect(shownLowest, 'nothing went through the ground').toBeGreaterThanOrEqual(lowest - 1e-4 * height);
  const end = await page.evaluate(() => window.__overlap!.poseLastEnd!);
  expect(end.intersections, 'no new intersection at the end').toBe(0);

  // Edit the correction in the Paint panel's list: ease in 3, off; undo twice restores both.
  await page.getByTestId('pose-correction-ease-in').fill('3');
  await page.getByTestId('pose-correction-ease-in').press('Enter');
  await expect.poll(() => page.evaluate(() => window.__overlap!.poseCorrections[0].easeIn), { message: 'ease in edited' }).toBe(3);
  await page.getByTestId('pose-correction-enabled').uncheck();
  await expect(page.locator('[data-testid="ruler-mark"][data-kind="correction"].muted'), 'the timeline mark is muted').toHaveCount(1);
  const shownOff = await page.evaluate(() => window.__overlap!.shownPosePositions('fox'));
  expect(shownOff === null || maxDistance(shownOff, input) < 1e-6 * height, 'switched off, the input is drawn as animated').toBe(true);
  await page.getByTestId('undo').click();
  await expect(page.getByTestId('pose-correction-enabled'), 'undo switched it back on').toBeChecked();
  await page.getByTestId('undo').click();
  await expect.poll(() => page.evaluate(() => window.__overlap!.poseCorrections[0].easeIn), { message: 'undo restored the ease' }).toBe(6);
});
