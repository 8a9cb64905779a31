/** The debug handle's compute backend entries: which backend runs, its adapter and status line, the skinning self-test. */
import type { OverlapDebugHandle } from '../debugHandle.ts';
import type { OverlapStore } from '../store/index.ts';

export function backendDebugEntries(store: OverlapStore): Pick<OverlapDebugHandle, 'backend' | 'adapterName' | 'backendLine' | 'skinningSelfTest'> {
  const state = () => store.getState();
  return {
    get backend() {
      return state().compute.kind;
    },
    get adapterName() {
      const compute = state().compute;
      return compute.kind === 'webgpu' ? compute.adapterName : null;
    },
    get backendLine() {
      const compute = state().compute;
      return compute.kind === 'pending' ? '' : compute.line;
    },
    get skinningSelfTest() {
      const selfTest = state().selfTest;
      if (selfTest.kind === 'done') {
        const { vertexCount, maxError, milliseconds, tolerance, passed } = selfTest;
        return { vertexCount, maxError, milliseconds, tolerance, passed };
      }
      return selfTest.kind === 'failed' ? { error: selfTest.message } : null;
    },
  };
}
