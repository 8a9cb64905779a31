/**
 * The weight brush in the real app (Chromium, WebGL on SwiftShader here): latency per stroke sample from
 * the pointer event to the heat map handed to the renderer (`sampleMs`, which includes the browser's
 * input dispatch), to the end of the frame that draws it (`frameMs`: its draw calls issued), to the start of
 * the frame after it (`nextFrameMs`: the browser waits there for the drawing to finish, so this is what the artist
 * waits for; on SwiftShader the rasterization on the CPU), and the sample's own work
 * (`handlerMs`: raycast on the BVH, brush, heat-map attribute update), on Fox.glb (290 welded /
 * 1,728 render vertices) and on the generated character (test/helpers/testCharacter.ts) at production size: 51k
 * welded vertices without gear, and the layered one (gear) at 6.2k and 24k; and the viewport's frames per
 * second while playing each. Goal (issues 13, 38): brush under 16 ms at 50k vertices, measured in Chromium.
 *
 * `npm run bench -- brush` (needs `npm run build` first; serves out/renderer on a free port and drives
 * /usr/bin/chromium, or OVERLAP_CHROMIUM). Medians over the samples of a few strokes; the ratio is to
 * Fox measured in the same run. On a shared 2-core machine numbers vary with the load, and SwiftShader figures are
 * CPU rasterization, not GPU figures: run it on a hardware adapter for the goal.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { staticServer } from '../scripts/staticServer.ts';
import { testCharacterGlb, type TestCharacterOptions } from '../test/helpers/testCharacter.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};

/** Strokes across the middle of the viewport in paint mode; returns the brush timings. */
export async function brushTimings(
  page: Page,
  file: string,
  name: string,
): Promise<{
  meshes: number;
  weldedVertices: number;
  renderVertices: number;
  handlerMs: number;
  sampleMs: number;
  frameMs: number;
  nextFrameMs: number;
  samples: number;
  fps: number;
}> {
  await page.getByTestId('import-input').setInputFiles(file);
  // The previous run painted: the app asks before replacing unsaved work.
  await page
    .getByTestId('prompt-discard')
    .click({ timeout: 3000 })
    .catch(() => undefined);
  await page
    .waitForFunction((expected) => window.__overlap!.documentName === expected && !window.__overlap!.loading, name, { timeout: 120_000 })
    .catch(async (error: unknown) => {
      throw new Error(
        `${name} did not open: ${await page.evaluate(() => [...document.querySelectorAll('.notice-text')].map((n) => n.textContent).join(' | '))} (${String(error)})`,
      );
    });
  const sizes = await page.evaluate(() => {
    const meshes = (JSON.parse(window.__overlap!.storeSnapshot()) as { meshes: Array<{ weldedVertices: number | null; renderVertices: number }> }).meshes;
    return {
      meshes: meshes.length,
      weldedVertices: meshes.reduce((sum, mesh) => sum + (mesh.weldedVertices ?? 0), 0),
      renderVertices: meshes.reduce((sum, mesh) => sum + mesh.renderVertices, 0),
    };
  });
  // Viewport fps while playing (SwiftShader renders on the CPU).
  await page.evaluate(() => window.__overlap!.setPlaying(true));
  const start = await page.evaluate(() => ({ frames: window.__overlap!.renderedFrames, time: performance.now() }));
  await page.waitForTimeout(3000);
  const end = await page.evaluate(() => ({ frames: window.__overlap!.renderedFrames, time: performance.now() }));
  await page.evaluate(() => window.__overlap!.setPlaying(false));
  const fps = ((end.frames - start.frames) * 1000) / (end.time - start.time);

  await page.getByTestId('paint-mode').click();
  await page.getByTestId('mode-add').click();
  await page.getByTestId('brush-strength').fill('0.05');
  const box = (await page.getByTestId('viewport').locator('canvas').boundingBox())!;
  await page.evaluate(() => window.__overlap!.resetPaintStats());
  for (let strokeIndex = 0; strokeIndex < 4; strokeIndex++) {
    const y = box.y + box.height * (0.45 + 0.03 * strokeIndex);
    await page.mouse.move(box.x + box.width * 0.4, y);
    await page.mouse.down();
    for (let step = 0; step <= 30; step++) {
      await page.mouse.move(box.x + box.width * (0.4 + (0.2 * step) / 30), y);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    }
    await page.mouse.up();
  }
  const stats = await page.evaluate(() => window.__overlap!.paintStats);
  await page.getByTestId('paint-mode').click();
  return {
    ...sizes,
    handlerMs: median(stats.handler),
    sampleMs: median(stats.samples),
    frameMs: median(stats.frames),
    nextFrameMs: median(stats.nextFrame),
    samples: stats.samples.length,
    fps,
  };
}

/**
 * The characters measured after Fox: the generated character without gear at 4 subdivisions (51k welded vertices in
 * one body primitive: the 50k goal) and the layered one (gear: 17 primitives plus the "Pack" mesh, duplicated
 * render vertices at every seam) at 2 and 3 subdivisions (6.2k and 24k welded vertices in all meshes).
 * OVERLAP_BRUSH_CASES=name,name limits the run to some of them (Fox always runs: it is the baseline).
 */
const CHARACTERS: Array<{ name: string; options: TestCharacterOptions }> = [
  { name: 'critter51k', options: { subdivisions: 4 } },
  { name: 'layered6k', options: { subdivisions: 2, gear: true } },
  { name: 'layered24k', options: { subdivisions: 3, gear: true } },
];

export async function run(): Promise<object> {
  const rendererDir = path.join(root, 'out', 'renderer');
  if (!existsSync(path.join(rendererDir, 'index.html'))) throw new Error('brush bench: run `npm run build` first (out/renderer is missing)');
  const folder = await mkdtemp(path.join(tmpdir(), 'overlap-brush-'));
  const wanted = process.env.OVERLAP_BRUSH_CASES?.split(',').map((name) => name.trim());
  const cases = CHARACTERS.filter((entry) => !wanted || wanted.includes(entry.name));
  for (const entry of cases) await writeFile(path.join(folder, `${entry.name}.glb`), await testCharacterGlb(entry.options));
  const server = staticServer(rendererDir);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const browser = await chromium.launch({
    executablePath: process.env.OVERLAP_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--enable-unsafe-webgpu', '--enable-features=Vulkan', '--use-vulkan=swiftshader', '--use-webgpu-adapter=swiftshader'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
    await page.addInitScript(() => localStorage.setItem('overlap.firstRun.v1', '1'));
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => window.__overlap?.ready === true && window.__overlap.documentName !== null, null, { timeout: 60_000 });
    await page.evaluate(() => window.__overlap!.setPlaying(false));
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return info ? String(gl!.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'unknown';
    });
    const fox = await brushTimings(page, path.resolve(root, '../shared/data/Fox.glb'), 'Fox.glb');
    const results: Record<string, object> = { fox };
    const ratioToFox: Record<string, object> = {};
    for (const entry of cases) {
      const timings = await brushTimings(page, path.join(folder, `${entry.name}.glb`), `${entry.name}.glb`);
      results[entry.name] = timings;
      ratioToFox[entry.name] = {
        handlerMs: timings.handlerMs / fox.handlerMs,
        sampleMs: timings.sampleMs / fox.sampleMs,
        frameMs: timings.frameMs / fox.frameMs,
        nextFrameMs: timings.nextFrameMs / fox.nextFrameMs,
      };
    }
    const large = results.critter51k as { frameMs: number; nextFrameMs: number } | undefined;
    return {
      unit: 'ms per stroke sample (median), frames per second while playing',
      renderer,
      ...results,
      ratioToFox,
      // 60 fps with the brush: the sample drawn in the frame it arrived in (frameMs < 16) and the next frame starting
      // on time (nextFrameMs within two frame intervals of the event), i.e. the drawing did not stall the frame rate.
      goal: {
        brushMsAt50k: 16,
        met: large ? large.frameMs < 16 && large.nextFrameMs < 2 * (1000 / 60) : null,
        software: /SwiftShader|llvmpipe|software/i.test(renderer),
      },
    };
  } finally {
    await browser.close();
    server.close();
  }
}
