/**
 * Size from world space (issue 34, item 2), in Chromium through the real UI: the Scene panel measures the scene as it
 * is drawn (app/animation restBounds: after node transforms, skins in their rest pose), the measure `overlap inspect`
 * prints and the bake's scale warning reads. A character whose root node scales its centimetre data by 0.01 is its
 * real 1.76 m and gets no suggestion (the panel used to say 176 m and offer to shrink it to 1.76 cm); Fox itself
 * (176 units) gets "Use centimetres (1.76 m)"; RobotExpressive (centimetre meshes under a 100× armature) is 4.46 m
 * tall and gets none.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { scaledRootGlb } from '../helpers/scaledRoot.ts';
import { openApp } from './appPage.ts';
import { closeFirstRun, data, importFiles } from './workspace.ts';

test.use({ viewport: { width: 1280, height: 760 } });

const bin = path.resolve('bin/overlap.mjs');
const overlap = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 240_000 });

test('the Scene panel, overlap inspect and the bake measure the scene in world space; the units suggestion reads it', async ({ page }, testInfo) => {
  test.setTimeout(420_000);
  const rig = testInfo.outputPath('Fox-rig.glb');
  writeFileSync(rig, await scaledRootGlb(new Uint8Array(readFileSync(path.join(data, 'Fox.glb'))), 0.01));
  await openApp(page);
  await closeFirstRun(page);

  // The 0.01 rig: its real size, no suggestion.
  await importFiles(page, [rig], 'Fox-rig.glb');
  await expect(page.getByTestId('scene-size'), 'the rig measures its world size').toContainText('1.76 m across');
  await expect(page.getByTestId('scale-warning'), 'no suggestion for a right-sized character').toHaveCount(0);
  await page.getByTestId('scene-panel').screenshot({ path: testInfo.outputPath('rig-scene-panel.png') });
  const inspected = JSON.parse(overlap('inspect', rig, '--json').stdout) as { bbox: { min: number[]; max: number[] } };
  const inspectSize = Math.hypot(...inspected.bbox.max.map((x, i) => x - inspected.bbox.min[i]));
  expect(inspectSize.toPrecision(3), 'overlap inspect: the same measure').toBe('1.76');
  const rigBake = JSON.parse(overlap('bake', rig, '--clip', 'Walk', '--frames', '0:1', '--set', 'meshes.*.latticeResolution=4', '--dry-run').stdout) as {
    warnings: Array<{ code: string }>;
  };
  expect(
    rigBake.warnings.filter((warning) => warning.code === 'scale'),
    'the bake does not warn about its scale either',
  ).toEqual([]);

  // Fox as shipped: 176 units, probably centimetres.
  await importFiles(page, [path.join(data, 'Fox.glb')], 'Fox.glb');
  await expect(page.getByTestId('scene-size'), 'Fox at 1 m per unit').toContainText('176 m across');
  await expect(page.getByTestId('scale-warning'), 'the panel suggests centimetres').toContainText('centimetres');
  await expect(page.getByTestId('scale-fix'), 'with the size it would give').toHaveText('Use centimetres (1.76 m)');
  const foxBake = JSON.parse(
    overlap('bake', path.join(data, 'Fox.glb'), '--clip', 'Walk', '--frames', '0:1', '--set', 'meshes.*.latticeResolution=4', '--dry-run').stdout,
  ) as { warnings: Array<{ code: string; message: string }> };
  expect(foxBake.warnings.find((warning) => warning.code === 'scale')?.message, 'the bake warns with the same size').toMatch(/spans 176 m/);
  await page.getByTestId('scale-fix').click();
  await expect(page.getByTestId('scene-size'), 'fixed').toContainText('1.76 m across');
  await expect(page.getByTestId('scale-warning'), 'and the warning goes').toHaveCount(0);

  // RobotExpressive: centimetre meshes (0.04 units of mesh data) under a 100× armature, 4.46 m tall as drawn.
  await page.getByTestId('import-input').setInputFiles([path.join(data, 'RobotExpressive.glb')]);
  await page.getByTestId('prompt-discard').click();
  await page.waitForFunction(() => window.__overlap!.documentName === 'RobotExpressive.glb' && !window.__overlap!.loading);
  await expect(page.getByTestId('scene-size'), 'the robot as drawn').toContainText('4.46 m tall');
  await expect(page.getByTestId('scale-warning'), 'a plausible size: no suggestion').toHaveCount(0);
  testInfo.annotations.push({ type: 'RobotExpressive', description: await page.getByTestId('scene-size').innerText() });
  await page.getByTestId('scene-panel').screenshot({ path: testInfo.outputPath('robot-scene-panel.png') });
});
