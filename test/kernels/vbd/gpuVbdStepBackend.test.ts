// gpuVbdStepBackend: the whole bake (app/bake) stepping on WebGPU through the injected backend, in Node on Dawn:
// - the built-in sample and Fox.glb baked on WebGPU match the CPU bake within 1e-3 of the mesh's bounding-box
//   diagonal at every frame (issue 11's criterion; a few frames keep SwiftShader fast enough), and the result names
//   the adapter; the sample with self-contact (OGC in the WebGPU step, kernels/contact) matches the CPU bake's contact
//   report (truncations, re-detections, corrected frames, intersections) and positions, and a cloth sleeve on an
//   animated arm (a collider) stays apart from it on WebGPU as on the CPU;
// - a device lost in the middle of a frame falls back to the CPU from the last completed frame: the output equals a
//   bake that ran the GPU up to that frame and the CPU from there, the step and the surface's detail transfer alike
//   (bit for bit), frames before the loss are the GPU's, and the report says what happened.
// (The GPU bakes transfer the surface on the GPU too: kernels/embedding, GpuDetailTransfer.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bake, type BakeOptions, type BakeOutput } from '../../../app/bake/index.ts';
import { START_SETTLE_SECONDS } from '../../../app/bake/volumeSimulation.ts';
import { createCpuVbdStepper, VbdBackendError, type VbdModel, type VbdStepBackend, type VbdStepper } from '../../../app/solvers/vbd/index.ts';
import { requestComputeBackend } from '../../../kernels/gpu/gpuContext.ts';
import { nodeGpu } from '../../../kernels/node/nodeGpu.ts';
import { gpuVbdStepBackend } from '../../../kernels/vbd/gpuVbdStepBackend.ts';
import { dataFolder, maxDistance, samplePath } from '../../app/bake/bakeTestKit.ts';
import { sleeveOnArm, sleeveOnArmOptions } from '../../app/contact/contactAssets.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';

const TOLERANCE = 1e-3;

const node = await nodeComputeBackend();

async function bakeFile(path: string, options: BakeOptions): Promise<BakeOutput> {
  return bake({ bytes: new Uint8Array(readFileSync(path)), fileName: path }, options);
}

/** Worst distance between two bakes' positions at each frame, relative to each mesh's diagonal. */
function frameErrors(a: BakeOutput, b: BakeOutput): number[] {
  const errors: number[] = [];
  a.result.meshes.forEach((mesh, m) => {
    const other = b.result.meshes[m];
    const frames = a.result.inputTimes.length;
    const stride = mesh.positions.length / frames;
    for (let f = 0; f < frames; f++) {
      const error =
        maxDistance(mesh.positions.subarray(f * stride, (f + 1) * stride), other.positions.subarray(f * stride, (f + 1) * stride)) / mesh.stats.diagonal;
      errors[f] = Math.max(errors[f] ?? 0, error);
    }
  });
  return errors;
}

describe.skipIf(!node.device)(`bakes on WebGPU${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  const cases = [
    { label: 'the built-in sample (Bounce, frames 20:25)', path: samplePath, options: { clip: 'Bounce', frames: [20, 25] as [number, number] } },
    {
      label: 'Fox.glb (Walk at its real size, frames 0:5)',
      path: join(dataFolder, 'Fox.glb'),
      options: { clip: 'Walk', frames: [0, 5] as [number, number], metersPerUnit: 0.01 },
    },
  ];
  for (const { label, path, options } of cases) {
    it(`${label}: every frame within ${TOLERANCE} of the diagonal of the CPU bake; the report names the adapter`, async () => {
      const backend = await gpuVbdStepBackend(node.backend as Extract<typeof node.backend, { kind: 'webgpu' }>);
      const gpu = await bakeFile(path, { ...options, backend: 'webgpu', stepBackend: backend });
      const cpu = await bakeFile(path, { ...options, backend: 'cpu' });
      const errors = frameErrors(gpu, cpu);
      const moved = Math.max(...cpu.result.meshes.map((m) => m.stats.maxDisplacement / m.stats.diagonal));
      expect(moved, 'the bake adds motion (else the comparison says nothing)').toBeGreaterThan(1e-3);
      expect(errors.length, 'frames compared').toBe(6);
      for (const [f, error] of errors.entries()) expect(error, `frame ${f}: worst |gpu − cpu| / diagonal`).toBeLessThan(TOLERANCE);
      expect(gpu.report.backend, 'the report').toMatchObject({ name: 'webgpu', requested: 'webgpu', vendor: 'google', architecture: 'swiftshader' });
      expect(gpu.report.backend.adapter, 'names SwiftShader').toMatch(/^WebGPU: SwiftShader/);
      expect(gpu.report.backend.fallback, 'no fallback').toBeUndefined();
      expect(gpu.project.bake.backend, 'the project records the backend').toBe('webgpu');
      expect(gpu.report.meshes[0].simulation!.iterations, 'iterations counted on the GPU as on the CPU').toBe(cpu.report.meshes[0].simulation!.iterations);
    });
  }

  it('the sample with self-contact (Bounce, frames 0:4): OGC runs in the WebGPU step, one substep a call; the same truncations, re-detections, corrected frames and output intersections as the CPU bake, every frame within 1e-3 of the diagonal', async () => {
    const backend = await gpuVbdStepBackend(node.backend as Extract<typeof node.backend, { kind: 'webgpu' }>);
    const options = { clip: 'Bounce', frames: [0, 4] as [number, number], selfContact: true };
    const gpu = await bakeFile(samplePath, { ...options, backend: 'webgpu', stepBackend: backend });
    const cpu = await bakeFile(samplePath, { ...options, backend: 'cpu' });
    expect(gpu.report.backend.name, 'stepped on the GPU').toBe('webgpu');
    expect(gpu.report.backend.fallback, 'no fallback').toBeUndefined();
    const g = gpu.report.meshes[0].simulation!.contact!;
    const c = cpu.report.meshes[0].simulation!.contact!;
    // the frames exercise it: truncations, re-detections and untangling
    expect(c.truncations, 'truncations on the CPU').toBeGreaterThan(0);
    expect(c.redetections, 're-detections on the CPU').toBeGreaterThan(0);
    // The final check corrects new intersection regions only (issue 33): the sample's own pairs lie inside its input's
    // regions, so neither step corrects a frame here; the counts are still compared below.
    expect(g.truncations, 'truncations').toBe(c.truncations);
    expect(g.redetections, 're-detections').toBe(c.redetections);
    expect(g.contactsPerFrame, 'contacts per detection, per frame').toEqual(c.contactsPerFrame);
    expect(g.untangledPoints, 'untangled points per frame').toEqual(c.untangledPoints);
    expect(g.framesCorrected, 'frames corrected').toBe(c.framesCorrected);
    expect(g.outputIntersections, 'intersections of the output').toEqual(c.outputIntersections);
    // Nothing added: no new intersection region (issue 33; the raw count may move by a pair or two as the sample's own
    // intersections slide inside their input regions: 396 against the input's 394 at frame 1, all inside them).
    for (const [f, regions] of g.newRegions.entries()) expect(regions, `frame ${f}: new intersection regions on WebGPU`).toBe(0);
    expect(g.newRegions, 'new regions per frame, as on the CPU').toEqual(c.newRegions);
    for (const [f, error] of frameErrors(gpu, cpu).entries()) expect(error, `frame ${f}: worst |gpu − cpu| / diagonal`).toBeLessThan(TOLERANCE);
    // 600 s: it ran past 180 s beside four other agents' work on this 2-core machine (load 18).
  }, 600_000);

  it('a cloth sleeve on an animated arm (a collider) on WebGPU: through neither; the same contacts as the CPU step run for the same iterations', async () => {
    const backend = await gpuVbdStepBackend(node.backend as Extract<typeof node.backend, { kind: 'webgpu' }>);
    // The WebGPU step runs the minimum iterations (no adaptive extra ones, docs/kernels.md): the CPU twin of that
    // bake is the CPU step with correctionTolerance 0.
    const fixedIterations: VbdStepBackend = {
      kind: 'cpu',
      description: 'CPU: the minimum iterations',
      dispose() {},
      createStepper(model) {
        const cpu = createCpuVbdStepper(model);
        return {
          model,
          setState: (s) => cpu.setState(s),
          step: (controls, dt) => cpu.step({ ...controls, correctionTolerance: 0 }, dt),
          readState: (out) => cpu.readState(out),
          livePositions: () => cpu.livePositions!(),
          destroy: () => cpu.destroy(),
        };
      },
    };
    // At 4 substeps, not the 48 cloth gets by itself (bakeSettings, clothSubsteps): unconverged, the sleeve presses
    // into the arm with ~170 contacts per detection, the dense contact this parity is about, in 1/12 of the emulated
    // GPU time (converged at 48 it barely touches the arm: a few contacts, counts too small to compare).
    const options = sleeveOnArmOptions([0, 8], 4);
    const input = { bytes: await sleeveOnArm(1.0, 0.5), fileName: 'sleeve.glb' };
    const gpu = await bake(input, { ...options, backend: 'webgpu', stepBackend: backend });
    const cpu = await bake(input, { ...options, backend: 'cpu', stepBackend: fixedIterations });
    expect(gpu.report.backend.fallback, 'no fallback').toBeUndefined();
    const sleeveOf = (output: BakeOutput) => output.report.meshes.find((m) => m.name === 'Sleeve')!.simulation!;
    const g = sleeveOf(gpu).contact!;
    const c = sleeveOf(cpu).contact!;
    expect(Math.max(...g.contactsPerFrame), 'the sleeve touched the arm').toBeGreaterThan(0);
    expect(
      g.outputIntersections.every((n) => n === 0),
      `sleeve and arm apart on WebGPU: ${g.outputIntersections}`,
    ).toBe(true);
    expect(sleeveOf(gpu).maxDisplacement, 'the sleeve lagged behind the arm (it is cloth, not skin)').toBeGreaterThan(0.01);
    // Measured: contacts per detection within 5 of 170, truncations 37 against 39, re-detections 8 and 8. Per frame over
    // the frames whose positions are compared below (cloth is chaotic: since the start in motion, issue 37, frame 7
    // differed by 10 of 131), and in total over all frames.
    for (const [f, n] of g.contactsPerFrame.slice(0, 4).entries())
      expect(Math.abs(n - c.contactsPerFrame[f]), `frame ${f}: contacts per detection ${n} vs ${c.contactsPerFrame[f]}`).toBeLessThanOrEqual(
        Math.max(3, 0.05 * c.contactsPerFrame[f]),
      );
    const total = (counts: readonly number[]) => counts.reduce((sum, n) => sum + n, 0);
    expect(
      Math.abs(total(g.contactsPerFrame) - total(c.contactsPerFrame)),
      `contacts over all frames ${total(g.contactsPerFrame)} vs ${total(c.contactsPerFrame)}`,
    ).toBeLessThanOrEqual(0.05 * total(c.contactsPerFrame));
    expect(Math.abs(g.redetections - c.redetections), `re-detections ${g.redetections} vs ${c.redetections}`).toBeLessThanOrEqual(2);
    // Cloth is chaotic (f32 and f64 part after a few frames; measured 1.3e-4 m at frame 3, 8e-3 m at frame 8 on a
    // 0.33 m sleeve): positions are compared over the first four frames.
    for (const [f, error] of frameErrors(gpu, cpu).slice(0, 4).entries()) expect(error, `frame ${f}: worst |gpu − cpu| / diagonal`).toBeLessThan(TOLERANCE);
  }, 450_000);

  it('a device lost in the middle of frame 3 falls back to the CPU from frame 2: output = GPU up to frame 2, then the CPU (bit for bit), with a warning', async () => {
    const fps = 30;
    const options: BakeOptions = {
      clip: 'Bounce',
      fps,
      frames: [20, 25],
      backend: 'webgpu',
      meshes: [{ mesh: 'Blob', latticeResolution: 8, substeps: 3, iterations: 4 }],
    };
    // The start in motion settles the lattice first (volumeSimulation: one step call per frame time over
    // START_SETTLE_SECONDS, then one read): the frames' calls and reads come after those.
    const prerollCalls = Math.ceil(START_SETTLE_SECONDS / (1 / fps));
    // Reference: the GPU until the state of frame 2 is read, then a CPU stepper from exactly that state.
    const reference = await bakeFile(samplePath, {
      ...options,
      stepBackend: handover(await gpuVbdStepBackend(node.backend as Extract<typeof node.backend, { kind: 'webgpu' }>), 1 + 2),
    });
    // The fault: a device of its own, destroyed right after frame 3's step calls (submitted and not yet read back: the
    // loss is in the middle of the frame).
    const own = await requestComputeBackend(nodeGpu());
    if (own.kind !== 'webgpu') throw new Error(own.reason);
    // Each substep is its own call (the substeps read the input at their own times, issue 37): frame 3's last call is
    // prerollCalls + 3 × 3 (15 + 9, counted on the CPU: reads after 15, 18, 21, … calls).
    const faulty = await bakeFile(samplePath, { ...options, stepBackend: destroyAfterStep(await gpuVbdStepBackend(own), own.device, prerollCalls + 3 * 3) });
    const frames = faulty.result.inputTimes.length;
    const stride = faulty.result.meshes[0].positions.length / frames;
    for (let f = 0; f < frames; f++) {
      const a = faulty.result.meshes[0].positions.subarray(f * stride, (f + 1) * stride);
      const b = reference.result.meshes[0].positions.subarray(f * stride, (f + 1) * stride);
      expect(
        a.every((x, k) => x === b[k]),
        `baked frame ${f} (simulated frame ${f + 1}) equals the reference bit for bit`,
      ).toBe(true);
    }
    expect(faulty.report.backend.fallback, 'the report says the GPU failed').toMatch(/device was lost.*continues on the CPU from the last completed frame/);
    expect(faulty.report.warnings.map((w) => w.message).join('\n'), 'and so do the warnings').toMatch(/continues on the CPU/);
    expect(faulty.report.meshes[0].simulation!.iterations, 'no frame lost or repeated').toBe(reference.report.meshes[0].simulation!.iterations);
  });
});

/** A backend whose steppers run on `gpu` until their `reads`-th readState, then on the CPU from the state read then. */
function handover(gpu: VbdStepBackend, reads: number): VbdStepBackend {
  // From the first step on the CPU, the surface's detail transfer runs on the CPU too (as after a real loss, where the
  // device transfer fails and volumeSimulation transfers on the CPU from then on).
  let handedOver = false;
  return {
    ...gpu,
    createDetailTransfer: async (embedding, spline) => {
      const runner = await gpu.createDetailTransfer!(embedding, spline);
      return {
        run: (...args) => (handedOver ? Promise.reject(new VbdBackendError('device-lost', 'handed over to the CPU')) : runner.run(...args)),
        destroy: () => runner.destroy(),
      };
    },
    createStepper(model: VbdModel): VbdStepper {
      const primary = gpu.createStepper(model);
      let cpu: VbdStepper | null = null;
      let count = 0;
      return {
        model,
        setState: (state) => (cpu ?? primary).setState(state),
        step: (controls, dt) => {
          if (cpu) handedOver = true;
          return (cpu ?? primary).step(controls, dt);
        },
        async readState(out) {
          if (cpu) return cpu.readState(out);
          const diagnostics = await primary.readState(out);
          if (++count === reads) {
            cpu = createCpuVbdStepper(model);
            cpu.setState(out);
          }
          return diagnostics;
        },
        destroy: () => primary.destroy(),
      };
    },
  };
}

/** A backend whose steppers destroy `device` right after their `call`-th step call (a device lost mid-frame). */
function destroyAfterStep(gpu: VbdStepBackend, device: GPUDevice, call: number): VbdStepBackend {
  return {
    ...gpu,
    createStepper(model: VbdModel): VbdStepper {
      const primary = gpu.createStepper(model);
      let count = 0;
      return {
        model,
        setState: (state) => primary.setState(state),
        step(controls, dt) {
          primary.step(controls, dt);
          if (++count === call) device.destroy();
        },
        readState: (out) => primary.readState(out),
        destroy: () => primary.destroy(),
      };
    },
  };
}
