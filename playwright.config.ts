/**
 * End-to-end tests of the built renderer in Debian's Chromium with WebGPU on SwiftShader.
 * `npm run build && npm run test:e2e`. Playwright cannot download browsers here, so it drives the
 * system Chromium (OVERLAP_CHROMIUM, default /usr/bin/chromium). Screenshots and traces go to
 * test-results/ (gitignored).
 */
import { defineConfig } from '@playwright/test';

const port = Number(process.env.OVERLAP_E2E_PORT ?? 5299);
const baseURL = `http://127.0.0.1:${port}/`;

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  // Two workers, each with its own browser: a test spends much of its time waiting (for the page, a worker's answer,
  // an autosave), which the other fills. Measured on the 2-core machine: the same 19 tests (app, pose, bake and
  // intersections specs) alternated took 345 s and 240 s with one worker, 232 s and 157 s with two (0.66×); the whole
  // 38 took 7.4 min with two on a quiet machine against 7.6–8.2 min with one (each test runs slower beside another,
  // and the longest specs end the run), and 12.9 min at load 12–16, all passing.
  workers: 2,
  fullyParallel: false,
  // Each test takes 4–80 s here unloaded and up to 1.3 min on a loaded 2-core machine (SwiftShader renders and
  // computes on the CPU); CI may be busy, so every test gets at least 5× that.
  timeout: 300_000,
  expect: { timeout: 20_000 },
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1400, height: 860 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.OVERLAP_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--enable-unsafe-webgpu',
        '--enable-features=Vulkan',
        '--use-vulkan=swiftshader',
        '--use-webgpu-adapter=swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Serves out/renderer as built by `npm run build` (builds it only if it is missing).
    command: 'node --import tsx scripts/web.ts --no-build',
    url: baseURL,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
