/**
 * Gets the compute backend at startup (kernels/requestComputeBackend on `navigator.gpu`), shows it
 * in the status bar, then runs the WGSL-vs-CPU skinning self-test on the device and shows that too.
 * Never throws: every failure becomes the CPU backend with its reason, or a failed self-test line.
 */
import { describeComputeBackend, requestComputeBackend, skinningSelfTest, type ComputeBackend } from '../../kernels/index.ts';
import type { OverlapStore } from '../store/index.ts';

export async function startComputeBackend(store: OverlapStore, gpu: GPU | undefined): Promise<ComputeBackend> {
  const { setCompute, setSelfTest, notify } = store.getState();
  const backend = await requestComputeBackend(gpu, {
    label: 'overlap renderer',
    onDeviceLost: (loss) => {
      const reason = `the WebGPU device was lost (${loss.message || loss.reason}); reload to try again`;
      setCompute({ kind: 'cpu', reason, line: `CPU: ${reason}` });
      notify('error', reason);
    },
  });
  const line = describeComputeBackend(backend);
  if (backend.kind === 'cpu') {
    setCompute({ kind: 'cpu', reason: backend.reason, line });
    return backend;
  }
  setCompute({ kind: 'webgpu', adapterName: backend.adapterName, isFallbackAdapter: backend.isFallbackAdapter, line });
  setSelfTest({ kind: 'running' });
  try {
    const result = await skinningSelfTest(backend.device);
    setSelfTest({ kind: 'done', ...result });
    if (!result.passed)
      notify('error', `GPU skinning differs from the CPU by ${result.maxError.toExponential(2)} m; GPU results are not trustworthy on this adapter`);
  } catch (error) {
    setSelfTest({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
  return backend;
}
