/**
 * The status bar: what the app is doing (loading, the document's size), and on the right the
 * compute backend (the WebGPU adapter's name, or "CPU" with the reason) and the result of the
 * WGSL-vs-CPU skinning self-test on that device.
 */
import type { ReactElement } from 'react';
import { useOverlap, type SelfTestStatus } from '../store/index.ts';

function selfTestText(selfTest: SelfTestStatus): string {
  switch (selfTest.kind) {
    case 'idle':
      return '';
    case 'running':
      return 'skinning self-test: running…';
    case 'failed':
      return `skinning self-test failed: ${selfTest.message}`;
    case 'done':
      return `skinning self-test ${selfTest.passed ? 'passed' : 'FAILED'}: ${selfTest.vertexCount.toLocaleString('en-US')} vertices, max error ${selfTest.maxError.toExponential(1)} m, ${selfTest.milliseconds.toFixed(1)} ms`;
  }
}

export function StatusBar(): ReactElement {
  const compute = useOverlap((state) => state.compute);
  const selfTest = useOverlap((state) => state.selfTest);
  const loading = useOverlap((state) => state.loading);
  const meshes = useOverlap((state) => state.meshes);
  const clips = useOverlap((state) => state.clips);
  const source = useOverlap((state) => state.source);
  const vertices = meshes.reduce((sum, mesh) => sum + mesh.renderVertices, 0);
  const triangles = meshes.reduce((sum, mesh) => sum + mesh.triangles, 0);
  const left = loading
    ? `Loading ${loading.name}…`
    : source
      ? `${source.name} — ${meshes.length} mesh${meshes.length === 1 ? '' : 'es'}, ${vertices.toLocaleString('en-US')} vertices, ${triangles.toLocaleString('en-US')} triangles, ${clips.length} clip${clips.length === 1 ? '' : 's'}`
      : 'Drop a glTF here or use Import glTF…';
  const backendLine = compute.kind === 'pending' ? 'Compute: looking for a WebGPU adapter…' : compute.line;
  const testText = selfTestText(selfTest);
  const testState = selfTest.kind === 'done' ? (selfTest.passed ? 'ok' : 'bad') : selfTest.kind === 'failed' ? 'bad' : 'neutral';
  return (
    <footer className="status-bar" role="status">
      <span className="status-left" data-testid="status-document">
        {left}
      </span>
      <span className="status-right">
        {testText ? (
          <span className={`status-item selftest ${testState}`} data-testid="selftest-line" data-state={testState}>
            {testText}
          </span>
        ) : null}
        <span
          className={`status-item backend ${compute.kind}`}
          data-testid="status-backend"
          data-kind={compute.kind}
          title={compute.kind === 'cpu' ? compute.reason : undefined}
        >
          <span className="backend-dot" aria-hidden="true" />
          {backendLine}
        </span>
      </span>
    </footer>
  );
}
