// kernels/vbd/stepper/prepareVertexTerms.ts, the GPU host's twin of step.ts's prepareVertexTerms: the per-vertex terms
// of the blending model (docs/bake.md) as the kernels read them, and the CPU's checks with the CPU's messages.
import { describe, expect, it } from 'vitest';
import { createVbdState, step, type VbdControls } from '../../../../app/solvers/vbd/index.ts';
import { prepareVertexTerms } from '../../../../kernels/vbd/stepper/prepareVertexTerms.ts';
import { SCALAR_SECTIONS, UPLOAD_END, UPLOAD_START } from '../../../../kernels/vbd/stepper/vertexDataLayout.ts';
import { tetLattice } from '../vbdTestKit.ts';

const model = tetLattice([2, 1, 1]);
const V = model.vertexCount;
const scalar = (upload: Float32Array, section: keyof typeof SCALAR_SECTIONS, v: number) => upload[(SCALAR_SECTIONS[section] - UPLOAD_START) * V + v];

describe('prepareVertexTerms', () => {
  it('a vertex painted w = ½ is attached at k = m·κ (ω² = κ), w = 0 is pinned and w = 1 is free; damping c = β k + α m; a = g + external', () => {
    const weights = Float64Array.from({ length: V }, (_, v) => [0.5, 0, 1][v % 3]);
    const external = Float64Array.from({ length: 3 * V }, (_, i) => (i % 3 === 0 ? 1 : 0));
    const upload = new Float32Array((UPLOAD_END - UPLOAD_START) * V);
    const kappa = 400;
    const unpinned = prepareVertexTerms(
      model,
      {
        blendWeights: weights,
        attachmentStiffness: kappa,
        attachmentDamping: 0.01,
        targetDamping: 2,
        gravity: [0, -9.81, 0],
        externalAccelerations: external,
        maxDistances: Float64Array.from({ length: V }, (_, v) => (v % 2 ? 0.05 : Infinity)),
      },
      upload,
    );
    expect(unpinned, 'every vertex but the w = 0 ones').toBe(V - Math.ceil((V - 1) / 3));
    for (let v = 0; v < V; v++) {
      const m = model.masses[v];
      const w = weights[v];
      const k = scalar(upload, 'attachmentStiffness', v);
      expect(scalar(upload, 'pinned', v), `vertex ${v} (w = ${w}) pinned only at w = 0`).toBe(w === 0 ? 1 : 0);
      if (w === 0.5) expect(k / m, `vertex ${v}: k/m is κ at w = ½ (f32)`).toBeCloseTo(kappa, 3);
      if (w === 1) expect(k, `vertex ${v}: a free vertex has no attachment`).toBe(0);
      const c = w === 0 ? 0 : 0.01 * k + 2 * m;
      expect(scalar(upload, 'attachmentDamping', v), `vertex ${v}: c = βk + αm (0 when pinned)`).toBeCloseTo(c, 4);
      expect(scalar(upload, 'maxDistance', v), `vertex ${v}: max distance, −1 for no limit`).toBeCloseTo(v % 2 ? 0.05 : -1, 6);
      expect(Array.from(upload.subarray(6 * V + 3 * v, 6 * V + 3 * v + 3)), `vertex ${v}: a = g + external`).toEqual([1, Math.fround(-9.81), 0]);
    }
  });

  it("bad inputs are refused with the CPU step's own messages", () => {
    const bad: [string, VbdControls][] = [
      ['gravity of two numbers', { gravity: [0, -9.81] }],
      ['a blend weight above 1', { blendWeights: new Float64Array(V).fill(1.5) }],
      ['blend weights of the wrong length', { blendWeights: new Float64Array(V - 1) }],
      ['a negative κ', { attachmentStiffness: -1 }],
      ['a negative per-vertex κ', { attachmentStiffness: new Float64Array(V).fill(-1) }],
      ['per-vertex κ of the wrong length', { attachmentStiffness: new Float64Array(V + 1) }],
      [
        'a bad weight at vertex 1 before a negative κ at vertex 3 (the first vertex wrong is named)',
        {
          blendWeights: Float64Array.from({ length: V }, (_, v) => (v === 1 ? 2 : 0.5)),
          attachmentStiffness: Float64Array.from({ length: V }, (_, v) => (v === 3 ? -1 : 100)),
        },
      ],
      ['a negative attachment damping', { attachmentDamping: -1 }],
      ['a negative target damping', { targetDamping: -1 }],
      ['external accelerations of the wrong length', { externalAccelerations: new Float64Array(3) }],
      ['max distances of the wrong length', { maxDistances: new Float64Array(2) }],
    ];
    for (const [what, controls] of bad) {
      const state = createVbdState(model);
      let cpuMessage = '';
      try {
        step(model, state, state, { ...controls, iterations: 1 }, 1 / 60);
      } catch (error) {
        cpuMessage = (error as Error).message;
      }
      expect(cpuMessage, `${what}: the CPU step refuses it`).not.toBe('');
      expect(
        () => prepareVertexTerms(model, controls, new Float32Array((UPLOAD_END - UPLOAD_START) * V)),
        `${what}: the GPU host says what the CPU says`,
      ).toThrow(cpuMessage);
    }
  });
});
