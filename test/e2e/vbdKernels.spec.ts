/**
 * The WGSL VBD step in Chromium's WebGPU (SwiftShader here): kernels/vbd/vbdSelfTest, bundled with esbuild and run in
 * a page of the served app's origin (a secure context with navigator.gpu), steps a scene of every element kind on
 * the GPU and on the CPU and compares them frame by frame, in both block layouts. Node covers each kernel alone
 * (test/kernels/vbd); this checks that the same WGSL compiles and agrees under Chromium's Tint and driver.
 */
import { expect, test } from '@playwright/test';
import { selfTestPage } from './selfTestPage.ts';

test('the WebGPU VBD step matches the CPU step in Chromium (5 frames of tets, cloth, hinges, springs; 1 and 16 lanes per vertex)', async ({ page }) => {
  test.setTimeout(300_000);
  const errors = await selfTestPage(
    page,
    'VBD self-test',
    `
        import { requestComputeBackend } from './kernels/gpu/gpuContext.ts';
        import { vbdSelfTest } from './kernels/vbd/vbdSelfTest.ts';
        window.__vbdSelfTest = async (threadsPerVertex) => {
          const backend = await requestComputeBackend(navigator.gpu);
          if (backend.kind !== 'webgpu') return { error: backend.reason };
          try {
            return { adapter: backend.adapterName, ...(await vbdSelfTest(backend.device, threadsPerVertex)) };
          } catch (error) {
            return { error: String(error) };
          } finally {
            backend.device.destroy();
          }
        };`,
  );
  for (const threadsPerVertex of [1, 16]) {
    const result = await page.evaluate(
      (width) => (window as unknown as { __vbdSelfTest: (w: number) => Promise<Record<string, unknown>> }).__vbdSelfTest(width),
      threadsPerVertex,
    );
    expect(result.error, `WebGPU in Chromium (${JSON.stringify(result)})`).toBeUndefined();
    expect(result.adapter, 'an adapter').toBeTruthy();
    expect(result.passed, `${threadsPerVertex} lanes per vertex: ${JSON.stringify(result)}`).toBe(true);
    expect(result.maxError as number, 'the GPU computed it (f32 rounding shows)').toBeGreaterThan(0);
  }
  expect(errors, 'no uncaught errors').toEqual([]);
});
