/**
 * Notices and the camera (issue 34, item 6), in Chromium through the real UI: notices stack in the viewport's
 * bottom-right corner (clear of its centre, the toolbars and the gizmo); information and warnings fade after a few
 * seconds unless pointed at, an error stays until dismissed; F frames the selection (else everything) centred on
 * screen, from wherever the user has orbited and panned to; the wheel zooms toward the point under the cursor.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp, redraw } from './appPage.ts';
import { closeFirstRun, data, openFox } from './workspace.ts';

test.use({ viewport: { width: 1280, height: 760 } });

/**
 * How far the framed meshes' screen box is from the centre of the viewport's clear part (below the toolbars over its
 * top), as a fraction of that part's size, and how much of it they fill.
 */
async function framing(page: Page, meshes: string[] | null): Promise<{ offset: number; fill: number }> {
  await page.waitForTimeout(600); // the controls' damping settles
  await redraw(page);
  const bounds = (await page.evaluate((names) => window.__overlap!.screenBounds(names), meshes))!;
  const covered = await page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('[data-testid="viewport"] .view-toolbar, [data-testid="viewport"] .paint-toolbar')].map(
        (toolbar) => toolbar.getBoundingClientRect().bottom,
      ),
    ),
  );
  const clear = { ...bounds.canvas, top: Math.max(bounds.canvas.top, covered) };
  const [width, height] = [clear.right - clear.left, clear.bottom - clear.top];
  const offset = Math.max(
    Math.abs((bounds.left + bounds.right) / 2 - (clear.left + clear.right) / 2) / width,
    Math.abs((bounds.top + bounds.bottom) / 2 - (clear.top + clear.bottom) / 2) / height,
  );
  const fill = Math.max((bounds.right - bounds.left) / width, (bounds.bottom - bounds.top) / height);
  return { offset, fill };
}

test('notices stack in one corner, fade unless they need an answer, and can be dismissed', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await openApp(page);
  await closeFirstRun(page);
  const broken = testInfo.outputPath('broken.glb');
  writeFileSync(broken, 'not a glb at all');
  const ghost = testInfo.outputPath('sample.overlap.json');
  writeFileSync(
    ghost,
    JSON.stringify({
      format: 'overlap-project',
      version: 2,
      source: 'sample.glb',
      meshes: [{ mesh: 'ghost', role: 'simulated' }],
      weights: [],
      handles: [],
      bake: { clip: 'Bounce', fps: 30 },
    }),
  );
  // A warning (a project naming a mesh the glTF lacks), an error (a broken file: after the project, whose opening would
  // clear an earlier open error), information (a save).
  await page.getByTestId('import-input').setInputFiles([ghost]);
  await expect(page.getByTestId('notice-warning'), 'the warning').toHaveCount(1);
  await page.getByTestId('import-input').setInputFiles([broken]);
  await page.getByTestId('mesh-lattice').fill('7');
  await page.getByTestId('mesh-lattice').press('Enter');
  const saving = page.waitForEvent('download');
  await page.getByTestId('save').click();
  await saving;
  const [error, warning, info] = [page.getByTestId('notice-error'), page.getByTestId('notice-warning'), page.getByTestId('notice-info')];
  await expect(error, 'the error').toHaveCount(1);
  await expect(warning, 'the warning').toHaveCount(1);
  await expect(info, 'the information').toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('notices.png') });

  // Where: stacked in the viewport's bottom-right corner, one above the other, clear of its centre and top.
  const viewport = (await page.getByTestId('viewport').boundingBox())!;
  const boxes = await Promise.all([error, warning, info].map(async (notice) => (await notice.boundingBox())!));
  for (const [index, box] of boxes.entries()) {
    expect(viewport.x + viewport.width - (box.x + box.width), `notice ${index}: at the right edge`).toBeLessThan(24);
    expect(box.y, `notice ${index}: in the lower half`).toBeGreaterThan(viewport.y + viewport.height / 2);
    expect(box.x > viewport.x + viewport.width / 2 || box.y > viewport.y + viewport.height * 0.6, `notice ${index}: clear of the centre`).toBe(true);
  }
  const sorted = [...boxes].sort((a, b) => a.y - b.y);
  for (let i = 1; i < sorted.length; i++) expect(sorted[i].y, 'stacked, not overlapping').toBeGreaterThanOrEqual(sorted[i - 1].y + sorted[i - 1].height);
  expect(boxes[2].y, 'the newest nearest the corner').toBe(Math.max(...boxes.map((box) => box.y)));
  expect(boxes[1].y, 'the oldest farthest from it').toBe(Math.min(...boxes.map((box) => box.y)));

  // When: information fades after about 4 s, a warning after about 8 s unless pointed at, an error stays.
  await expect(info, 'information fades').toHaveCount(0, { timeout: 7_000 });
  await expect(warning, 'the warning is still there at 4 s').toHaveCount(1);
  await warning.hover();
  await page.waitForTimeout(9_000);
  await expect(warning, 'held while pointed at').toHaveCount(1);
  await page.mouse.move(viewport.x + 20, viewport.y + 20);
  await expect(warning, 'then it fades').toHaveCount(0, { timeout: 12_000 });
  await page.waitForTimeout(3_000);
  await expect(error, 'the error stays: it needs an answer').toHaveCount(1);
  await error.getByTestId('notice-dismiss').click();
  await expect(error, 'dismissed').toHaveCount(0);
});

test('F frames the selection (or everything) centred, from where the user looks; the wheel zooms toward the cursor', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await openFox(page);
  await page.evaluate(() => window.__overlap!.setClipTime(0.4));
  const viewport = page.getByTestId('viewport');
  const box = (await viewport.boundingBox())!;

  // Orbit, pan and zoom away, then F with nothing selected: everything, centred.
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.4, { steps: 6 });
  await page.mouse.up();
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.75, { steps: 6 });
  await page.mouse.up({ button: 'right' });
  for (let notch = 0; notch < 4; notch++) await page.mouse.wheel(0, 100);
  const away = await framing(page, null);
  await viewport.click({ position: { x: 12, y: box.height - 40 } });
  await page.keyboard.press('f');
  const all = await framing(page, null);
  testInfo.annotations.push({
    type: 'framing',
    description: `before F: off by ${(away.offset * 100).toFixed(1)}%, filling ${(away.fill * 100).toFixed(0)}%; after: off by ${(all.offset * 100).toFixed(1)}%, filling ${(all.fill * 100).toFixed(0)}%`,
  });
  expect(away.offset + Math.abs(away.fill - all.fill), 'the view had moved away').toBeGreaterThan(0.05);
  expect(all.offset, 'F centres the character (within 2% of the view)').toBeLessThan(0.02);
  expect(all.fill, 'and fills most of the view').toBeGreaterThan(0.6);
  await page.screenshot({ path: testInfo.outputPath('framed-all.png') });

  // The wheel zooms toward the cursor: a point of the model under it stays under it.
  const nose = await page.evaluate(() => window.__overlap!.boneVertices('fox', 'b_Head_05', false).slice(0, 1));
  const start = (await page.evaluate((vertices) => window.__overlap!.screenPosition('fox', vertices), nose))!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(start.x, start.y);
  // Five notches of the wheel (OrbitControls zooms about 5% per wheel event, whatever its delta).
  for (let notch = 0; notch < 5; notch++) await page.mouse.wheel(0, -100);
  await page.waitForTimeout(800);
  await redraw(page);
  const end = (await page.evaluate((vertices) => window.__overlap!.screenPosition('fox', vertices), nose))!;
  const zoomed = await framing(page, null);
  testInfo.annotations.push({
    type: 'zoom to cursor',
    description: `the head vertex moved ${Math.hypot(end.x - start.x, end.y - start.y).toFixed(1)} px (it was ${Math.hypot(start.x - centre.x, start.y - centre.y).toFixed(0)} px from the centre); the fox grew ${(zoomed.fill / all.fill).toFixed(2)}×`,
  });
  expect(zoomed.fill / all.fill, 'it zoomed in').toBeGreaterThan(1.2);
  expect(Math.hypot(end.x - start.x, end.y - start.y), 'the point under the cursor stays under it').toBeLessThan(
    0.25 * Math.hypot(start.x - centre.x, start.y - centre.y) * (zoomed.fill / all.fill - 1),
  );

  // The robot's visor (Head_4, inside the head): double-click its outliner row frames it, centred.
  await page.getByTestId('import-input').setInputFiles([path.join(data, 'RobotExpressive.glb')]);
  await page.waitForFunction(() => window.__overlap!.documentName === 'RobotExpressive.glb' && !window.__overlap!.loading);
  await page.evaluate(() => window.__overlap!.setPlaying(false));
  await page.getByTestId('mesh-row').filter({ hasText: 'Head_4' }).dblclick();
  await expect(page.locator('[data-testid="mesh-row"][aria-pressed="true"]'), 'the visor is selected').toHaveAttribute('data-name', 'Head_4');
  const visor = await framing(page, ['Head_4']);
  await page.screenshot({ path: testInfo.outputPath('framed-visor.png') });
  expect(visor.offset, 'the visor centred').toBeLessThan(0.02);
  expect(visor.fill, 'and filling the view').toBeGreaterThan(0.6);
  // F with it selected frames it again; Esc deselects and F frames the whole robot.
  await viewport.click({ position: { x: 12, y: box.height - 40 } });
  const robotAll = async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('f');
    return framing(page, null);
  };
  const whole = await robotAll();
  expect(whole.offset, 'the whole robot centred').toBeLessThan(0.02);
});
