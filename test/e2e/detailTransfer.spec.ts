/**
 * The GPU detail transfer in Chromium's WebGPU (SwiftShader here): kernels/embedding/detailTransferSelfTest, bundled
 * with esbuild and run in a page of the served app's origin, transfers a bumpy sphere's surface through a twisted
 * lattice on the GPU and on the CPU (seed 004 Eq. 4.10) and compares them, cold and warm. Node covers the kernel in
 * detail (test/kernels/embedding/gpuDetailTransfer.test.ts); this checks that the same WGSL compiles and agrees under
 * Chromium's Tint and driver, where the app's worker runs it.
 */
import { expect, test } from '@playwright/test';
import { selfTestPage } from './selfTestPage.ts';

test('the WebGPU detail transfer matches the CPU in Chromium (a twisted bumpy sphere, cold and warm; exact copies where the lattice follows)', async ({
  page,
}) => {
  test.setTimeout(360_000); // up to 1.1 min on a loaded machine here
  const errors = await selfTestPage(
    page,
    'Detail transfer self-test',
    `
        import { requestComputeBackend } from './kernels/gpu/gpuContext.ts';
        import { detailTransferSelfTest } from './kernels/embedding/detailTransferSelfTest.ts';
        window.__detailTransferSelfTest = async () => {
          const backend = await requestComputeBackend(navigator.gpu);
          if (backend.kind !== 'webgpu') return { error: backend.reason };
          try {
            return { adapter: backend.adapterName, ...(await detailTransferSelfTest(backend.device)) };
          } catch (error) {
            return { error: String(error) };
          } finally {
            backend.device.destroy();
          }
        };`,
  );
  const result = await page.evaluate(() =>
    (window as unknown as { __detailTransferSelfTest: () => Promise<Record<string, unknown>> }).__detailTransferSelfTest(),
  );
  expect(result.error, `WebGPU in Chromium (${JSON.stringify(result)})`).toBeUndefined();
  expect(result.adapter, 'an adapter').toBeTruthy();
  expect(result.passed, JSON.stringify(result)).toBe(true);
  expect(result.copies as number, 'the lower half copies the input').toBeGreaterThan(0);
  expect(result.copies as number, 'the upper half is transferred').toBeLessThan(2 * (result.surfaceVertexCount as number));
  expect(result.maxError as number, 'the GPU computed it (f32 rounding shows)').toBeGreaterThan(0);
  expect(errors, 'no uncaught errors').toEqual([]);
});
