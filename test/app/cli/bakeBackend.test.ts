// `overlap bake --backend`: webgpu bakes on the WebGPU adapter and the report names it (SwiftShader in CI); auto picks
// the CPU when the only adapter is a software one and says why; a forced webgpu without an adapter exits 2 with the
// reason.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BakeReport } from '../../../app/bake/index.ts';
import { samplePath, validatorErrors } from '../bake/bakeTestKit.ts';
import { nodeComputeBackend } from '../../kernels/nodeComputeBackend.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';
import { run, runWith } from './bakeCli.ts';

// The WebGPU adapter the tests' own process finds (SwiftShader through VK_ICD_FILENAMES in CI), or why none.
const gpu = await nodeComputeBackend();

describe('overlap bake', () => {
  const { folder } = scratchFolder('overlap-bake-');

  it.skipIf(!gpu.device)(
    `--backend webgpu bakes on the WebGPU adapter and the report names it${gpu.skipReason ? ` (skipped: ${gpu.skipReason})` : ''}`,
    async () => {
      const out = join(folder, 'sample-webgpu.glb');
      const reportPath = join(folder, 'webgpu.json');
      const result = run(samplePath, '--clip', 'Bounce', '--frames', '0:2', '--backend', 'webgpu', '--out', out, '--report', reportPath, '--no-progress');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stderr, 'says where the steps run').toMatch(/VBD steps ran on WebGPU: /);
      expect(await validatorErrors(new Uint8Array(readFileSync(out))), 'validator errors').toEqual([]);
      const report = JSON.parse(readFileSync(reportPath, 'utf8')) as BakeReport;
      const adapter = (gpu.backend as { adapter: { vendor: string; architecture: string; description: string } }).adapter;
      expect(report.backend, 'the adapter: vendor, architecture, description').toMatchObject({
        name: 'webgpu',
        requested: 'webgpu',
        vendor: adapter.vendor,
        architecture: adapter.architecture,
        description: adapter.description,
      });
      expect(report.backend.adapter, 'one line naming it').toMatch(new RegExp(`^WebGPU: ${adapter.description.replace(/[.()]/g, '\\$&')}`));
    },
  );

  it('--backend auto takes a hardware adapter, or the CPU with the reason (here the only adapter may be SwiftShader)', () => {
    const out = join(folder, 'sample-auto.glb');
    const reportPath = join(folder, 'auto.json');
    const result = run(samplePath, '--clip', 'Bounce', '--frames', '0:1', '--backend', 'auto', '--out', out, '--report', reportPath, '--no-progress');
    expect(result.status, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as BakeReport;
    expect(report.backend.requested, 'what was asked').toBe('auto');
    const software = gpu.backend.kind === 'webgpu' && gpu.backend.isFallbackAdapter;
    if (gpu.backend.kind === 'cpu' || software) {
      expect(report.backend.name, 'no hardware adapter: the CPU').toBe('cpu');
      expect(report.backend.adapter, 'and why').toMatch(
        software ? /^none: --backend auto found no suitable GPU: the only WebGPU adapter is a software one/ : /^none: --backend auto found no suitable GPU: /,
      );
    } else {
      expect(report.backend.name, 'a hardware adapter: WebGPU').toBe('webgpu');
    }
  });

  it('--backend webgpu without any adapter exits 2 with the reason and writes nothing; an unknown backend is named', () => {
    const out = join(folder, 'never-webgpu.glb');
    const none = runWith(
      { VK_ICD_FILENAMES: join(folder, 'no-such-driver.json') },
      samplePath,
      '--clip',
      'Bounce',
      '--frames',
      '0:1',
      '--backend',
      'webgpu',
      '--out',
      out,
    );
    expect(none.status, none.stderr).toBe(2);
    expect(none.stderr, 'the reason').toMatch(/^overlap: --backend webgpu: no usable WebGPU adapter: no WebGPU adapter found/m);
    expect(existsSync(out), 'nothing written').toBe(false);
    const unknown = run(samplePath, '--clip', 'Bounce', '--backend', 'gpu', '--out', out);
    expect(unknown.status, unknown.stderr).toBe(2);
    expect(unknown.stderr, 'names the choices').toMatch(/--backend must be cpu, webgpu or auto, got "gpu"/);
  });
});
