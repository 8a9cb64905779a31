/**
 * The built renderer in Chromium with WebGPU (SwiftShader): it renders and animates the built-in
 * sample, names its WebGPU adapter, passes the GPU-vs-CPU skinning self-test, and opens glTF files
 * through the file input and by drag and drop, listing their meshes and clips.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openApp, redraw } from './appPage.ts';
import { changedFraction, pixelStats } from './pixels.ts';

const data = path.resolve('../shared/data');

/** Pauses, puts the playhead at `time` and returns a screenshot of the viewport once it has redrawn. */
async function viewportAt(page: Page, time: number): Promise<Buffer> {
  await page.evaluate((t) => {
    window.__overlap!.setPlaying(false);
    window.__overlap!.setClipTime(t);
  }, time);
  await redraw(page);
  return page.getByTestId('viewport').locator('canvas').screenshot();
}

test('the viewport renders the built-in sample: canvas pixels are not all one colour', async ({ page }, testInfo) => {
  await openApp(page);
  await redraw(page);
  expect(await page.evaluate(() => window.__overlap!.documentName), 'opens on the built-in sample').toBe('sample.glb');
  const png = await page
    .getByTestId('viewport')
    .locator('canvas')
    .screenshot({ path: testInfo.outputPath('viewport.png') });
  const stats = await pixelStats(page, png);
  expect(stats.width, 'canvas has a size').toBeGreaterThan(300);
  expect(stats.distinctColours, 'more than a flat fill: grid, shading, gizmo').toBeGreaterThan(50);
  expect(stats.nonBackgroundFraction, 'the model covers a visible part of the viewport').toBeGreaterThan(0.02);
  await page.screenshot({ path: testInfo.outputPath('window.png') });
});

test('the sample animates: the playhead advances while playing and the scene changes with clip time', async ({ page }, testInfo) => {
  await openApp(page, { keepPlaying: true });
  const clip = await page.evaluate(() => ({ name: window.__overlap!.clipName, playing: window.__overlap!.playing }));
  expect(clip.name, 'the sample has an active clip').not.toBeNull();
  expect(clip.playing, 'the sample plays on open').toBe(true);
  const before = await page.evaluate(() => window.__overlap!.clipTime);
  await page.waitForFunction((start) => Math.abs(window.__overlap!.clipTime - start) > 0.05, before);
  const frames = await page.evaluate(() => window.__overlap!.renderedFrames);
  await page.waitForFunction((start) => window.__overlap!.renderedFrames > start + 2, frames);
  expect(await page.evaluate(() => window.__overlap!.playing), 'still playing (the clip loops)').toBe(true);

  const duration = Number((await page.getByTestId('time-readout').innerText()).split('/')[1].replace(/[^\d.]/g, ''));
  expect(duration, 'the readout shows the clip duration').toBeGreaterThan(0);
  const early = await viewportAt(page, duration * 0.25);
  const late = await viewportAt(page, duration * 0.6);
  await testInfo.attach('pose at 25%', { body: early, contentType: 'image/png' });
  await testInfo.attach('pose at 60%', { body: late, contentType: 'image/png' });
  const changed = await changedFraction(page, early, late);
  expect(changed, 'a different pose draws different pixels').toBeGreaterThan(0.002);
  const again = await viewportAt(page, duration * 0.25);
  expect(await changedFraction(page, early, again), 'the same time draws the same pose').toBeLessThan(changed / 4);
});

test('scrubbing the timeline ruler moves the playhead and pauses playback', async ({ page }) => {
  await openApp(page);
  const ruler = page.getByTestId('timeline-ruler');
  const box = (await ruler.boundingBox())!;
  await ruler.click({ position: { x: box.width * 0.5, y: box.height / 2 } });
  const state = await page.evaluate(() => ({ time: window.__overlap!.clipTime, playing: window.__overlap!.playing }));
  const total = Number(await ruler.getAttribute('aria-valuemax'));
  expect(state.playing, 'scrubbing pauses').toBe(false);
  expect(Number(await ruler.getAttribute('aria-valuenow')), 'playhead near the middle frame').toBeGreaterThanOrEqual(Math.floor(total * 0.5) - 1);
  expect(Number(await ruler.getAttribute('aria-valuenow')), 'playhead near the middle frame').toBeLessThanOrEqual(Math.ceil(total * 0.5) + 1);
  await page.keyboard.press('ArrowRight');
  const stepped = await page.evaluate(() => window.__overlap!.clipTime);
  expect(stepped, '→ steps one frame (1/30 s)').toBeCloseTo(state.time + 1 / 30, 3);
  await page.keyboard.press('Home');
  expect(await page.evaluate(() => window.__overlap!.clipTime), 'Home goes to the start').toBe(0);
  await page.getByTestId('timeline-play').click();
  expect(await page.evaluate(() => window.__overlap!.playing), 'the play button plays').toBe(true);
});

test('the backend line names the WebGPU adapter', async ({ page }) => {
  await openApp(page);
  await page.waitForFunction(() => window.__overlap!.backend !== 'pending');
  const backend = await page.evaluate(() => ({ kind: window.__overlap!.backend, adapterName: window.__overlap!.adapterName }));
  expect(backend.kind, 'Chromium with --enable-unsafe-webgpu gets a WebGPU device').toBe('webgpu');
  expect(backend.adapterName?.trim().length ?? 0, 'the adapter has a name').toBeGreaterThan(0);
  const line = await page.getByTestId('status-backend').innerText();
  expect(line, 'status bar names the backend').toMatch(/^WebGPU: /);
  expect(line, 'status bar names the adapter').toContain(backend.adapterName!);
});

test('the WGSL skinning kernel matches the CPU reference in Chromium (self-test parity)', async ({ page }) => {
  await openApp(page);
  await page.waitForFunction(() => window.__overlap!.skinningSelfTest !== null, null, { timeout: 40_000 });
  const result = await page.evaluate(() => window.__overlap!.skinningSelfTest!);
  expect('error' in result ? result.error : '', 'the self-test ran').toBe('');
  if ('error' in result) return;
  expect(result.vertexCount, 'tested a real mesh').toBeGreaterThan(1000);
  expect(result.maxError, 'GPU and CPU agree within the f32 tolerance').toBeLessThanOrEqual(result.tolerance);
  expect(result.passed, 'self-test passed').toBe(true);
  await expect(page.getByTestId('selftest-line'), 'status bar shows the pass').toHaveAttribute('data-state', 'ok');
});

test('importing Fox.glb through the file input lists its mesh and its three clips', async ({ page }, testInfo) => {
  await openApp(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('import-gltf').click();
  await (await chooser).setFiles(path.join(data, 'Fox.glb'));
  await page.waitForFunction(() => window.__overlap!.documentName === 'Fox.glb' && !window.__overlap!.loading);
  const meshRows = page.getByTestId('mesh-row');
  await expect(meshRows, 'one mesh node').toHaveCount(1);
  await expect(meshRows.first(), 'named after its node').toHaveAttribute('data-name', 'fox');
  // Issue 3: Fox.glb has 1,728 render vertices that weld into 290 simulation vertices.
  await expect(page.getByTestId('mesh-list'), 'render and welded counts').toContainText('1,728 verts · 290 sim');
  const clipNames = await page.getByTestId('clip-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name')));
  expect(clipNames, 'the three clips in file order').toEqual(['Survey', 'Walk', 'Run']);

  await page.getByTestId('clip-row').nth(2).click();
  await expect(page.getByTestId('clip-select'), 'the clicked clip is on the timeline').toHaveValue('2');
  expect(await page.evaluate(() => window.__overlap!.clipName), 'Run is active').toBe('Run');
  await page.screenshot({ path: testInfo.outputPath('fox.png') });
});

test('dropping a .gltf on the window opens it', async ({ page }) => {
  await openApp(page);
  const text = await readFile(path.join(data, 'MorphStressTest.gltf'), 'utf8');
  const transfer = await page.evaluateHandle((json) => {
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(new File([json], 'MorphStressTest.gltf', { type: 'model/gltf+json' }));
    return dataTransfer;
  }, text);
  await page.dispatchEvent('.app', 'dragenter', { dataTransfer: transfer });
  await expect(page.getByTestId('drop-overlay'), 'drop target shows while dragging').toBeVisible();
  await page.dispatchEvent('.app', 'drop', { dataTransfer: transfer });
  await page.waitForFunction(() => window.__overlap!.documentName === 'MorphStressTest.gltf' && !window.__overlap!.loading);
  await expect(page.getByTestId('drop-overlay'), 'overlay gone after the drop').toHaveCount(0);
  expect(await page.evaluate(() => window.__overlap!.meshes), 'its mesh').toEqual(['Main']);
  expect(await page.evaluate(() => window.__overlap!.clips), 'its clips').toEqual(['Individuals', 'Pulse', 'TheWave']);
  await expect(page.getByTestId('mesh-list'), 'eight morph targets').toContainText('8 morph');
});

test('a role change is undoable and saves into the downloaded project', async ({ page }) => {
  await openApp(page);
  const role = page.getByRole('combobox', { name: /Simulation role of/ });
  await role.selectOption('collider');
  await expect(page.getByTestId('document-title').locator('.dirty-dot'), 'unsaved marker').toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByTestId('save').click();
  const saved = await download;
  expect(saved.suggestedFilename(), 'project name from the glTF').toBe('sample.overlap.json');
  const project = JSON.parse(await readFile((await saved.path())!, 'utf8'));
  expect(project.format, 'an Overlap project').toBe('overlap-project');
  expect(project.meshes, 'the role is saved with the mesh’s physics').toEqual([{ mesh: 'Blob', role: 'collider', preset: 'flesh', gravity: false }]);
  await expect(page.getByTestId('document-title').locator('.dirty-dot'), 'clean after saving').toHaveCount(0);

  await page.getByTestId('undo').click();
  await expect(role, 'undo restores the role').toHaveValue('simulated');
  await page.getByTestId('redo').click();
  await expect(role, 'redo re-applies it').toHaveValue('collider');
});
