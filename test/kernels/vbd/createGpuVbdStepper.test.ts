// GpuVbdStepper (kernels/vbd/createGpuVbdStepper.ts), the WGSL step, against the CPU step (app/solvers/vbd/step.ts)
// frame by frame, in Node on Dawn: a tet lattice with an animated rest shape, moving targets, pins and blending
// springs, damping, gravity, adaptive initialization and Chebyshev over several multi-substep frames (both block
// layouts); falling cloth pinned along one edge; a quasistatic relaxation of every element kind. Also: the
// diagnostics (iterations, skipped solves, residuals of Eq. 5.28), the CPU's input checks, the controls the GPU
// refuses, and device loss surfacing as VbdBackendError.
//
// Tolerance: both solvers run the same iteration from the same f32 inputs; the GPU rounds every position to f32
// (6e-8 relative) each update and the iteration carries those errors along, damped by its contraction. We allow
// 1e-5 of the lattice's bounding-box diagonal per frame (measured worst: 3.7e-7 lattice, 9.6e-7 cloth, 1.4e-6
// quasistatic, whose 12 iterations from a scrambled state are the least contractive); a dropped term
// (damping, attachment, rest shape, a color) moves the result by more than 1e-3 of the diagonal within one frame.
import { describe, expect, it } from 'vitest';
import { createVbdState, step, type VbdContact, type VbdControls, type VbdModel, type VbdState } from '../../../app/solvers/vbd/index.ts';
import { VbdBackendError } from '../../../app/solvers/vbd/vbdStepBackend.ts';
import { requestComputeBackend } from '../../../kernels/gpu/gpuContext.ts';
import { nodeGpu } from '../../../kernels/node/nodeGpu.ts';
import { createGpuVbdStepper } from '../../../kernels/vbd/createGpuVbdStepper.ts';
import { diagonalOf } from '../../app/embedding/helpers.ts';
import { nodeComputeBackend } from '../nodeComputeBackend.ts';
import { animatedRestShape, clothSheet, f32, maxDifference, mixedModel, perturbed, roundedModel, tetLattice } from './vbdTestKit.ts';

const TOLERANCE = 1e-5;

const node = await nodeComputeBackend();

const diagonal = (model: VbdModel): number => diagonalOf(model.restPositions);

/**
 * Runs `frames` frames of controls(frame) on the CPU and the GPU from the same start and compares after every frame.
 * @returns the worst position difference relative to the diagonal, and the last frame's diagnostics of both
 */
async function compareFrames(model: VbdModel, start: VbdState, frames: number, controls: (frame: number) => VbdControls, dt: number, threadsPerVertex: number) {
  const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex });
  try {
    const cpu = createVbdState(model, { positions: start.positions, velocities: start.velocities });
    const gpu = createVbdState(model, { positions: start.positions, velocities: start.velocities, precision: 'float32' });
    stepper.setState(gpu);
    const size = diagonal(model);
    let worst = 0;
    let moved = 0;
    let diagnostics = {
      cpu: step(model, cpu, cpu, controls(0), dt),
      gpu: { substeps: 0, iterations: 0, colorCount: 0, skippedSolves: 0, clampedRestTets: 0, residuals: [] as number[], initialForceNorms: [] as number[] },
    };
    stepper.step(controls(0), dt);
    diagnostics.gpu = await stepper.readState(gpu);
    for (let frame = 1; frame < frames; frame++) {
      worst = Math.max(worst, maxDifference(gpu.positions, cpu.positions) / size);
      const c = controls(frame);
      diagnostics = { cpu: step(model, cpu, cpu, c, dt), gpu: diagnostics.gpu };
      stepper.step(c, dt);
      diagnostics.gpu = await stepper.readState(gpu);
    }
    worst = Math.max(worst, maxDifference(gpu.positions, cpu.positions) / size);
    moved = maxDifference(cpu.positions, start.positions) / size;
    const velocityError = maxDifference(gpu.velocities, cpu.velocities);
    let speed = 0;
    for (const v of cpu.velocities) speed = Math.max(speed, Math.abs(v));
    return { worst, moved, velocityError, speed, diagnostics, finalCpu: Float64Array.from(cpu.positions) };
  } finally {
    stepper.destroy();
  }
}

describe.skipIf(!node.device)(`the WebGPU step matches the CPU step${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  for (const threadsPerVertex of [1, 16]) {
    it(`tet lattice, 5 frames × 3 substeps × 8 iterations: animated rest shape, moving targets, pins, blending springs, damping, gravity, Chebyshev ρ = 0.9 (${threadsPerVertex} lanes per vertex)`, async () => {
      const model = roundedModel(tetLattice([4, 3, 3]));
      const V = model.vertexCount;
      // the x = 0 face is pinned (weight 0), the next layer blends (w = 0.5), the rest is physics
      const weights = Float64Array.from({ length: V }, (_, v) => (model.restPositions[3 * v] === 0 ? 0 : model.restPositions[3 * v] < 0.11 ? 0.5 : 1));
      const poses = Array.from({ length: 6 }, (_, f) =>
        f32(Float64Array.from(model.restPositions, (x, k) => x + (k % 3 === 1 ? 0.02 * Math.sin(f) : 0.01 * f * (k % 3 === 0 ? 1 : 0)))),
      );
      const rests = Array.from({ length: 6 }, (_, f) => animatedRestShape(model, 0.01, 100 + f));
      const controls = (frame: number): VbdControls => ({
        substeps: 3,
        iterations: 8,
        gravity: [0, -9.81, 0],
        targetsStart: poses[frame],
        targets: poses[frame + 1],
        blendWeights: weights,
        attachmentStiffness: 800,
        tetRestShapeInverse: rests[frame],
        chebyshevRho: 0.9,
        chebyshevDelay: 3,
        residuals: 'everyIteration',
      });
      const start = { positions: model.restPositions, velocities: new Float64Array(3 * V), previousVelocities: new Float64Array(3 * V) };
      const result = await compareFrames(model, start, 5, controls, 1 / 30, threadsPerVertex);
      expect(result.moved, 'the lattice moved (else the comparison says nothing)').toBeGreaterThan(1e-3);
      expect(result.worst, `worst position difference / diagonal over 5 frames`).toBeLessThan(TOLERANCE);
      // v = (x − x^t)/h: the position tolerance divided by the substep h = 1/90 s
      expect(result.velocityError, `velocities (largest ${result.speed.toFixed(3)} m/s)`).toBeLessThan((TOLERANCE * diagonal(model)) / (1 / 90));
      const { cpu, gpu } = result.diagnostics;
      expect({ substeps: gpu.substeps, iterations: gpu.iterations, colorCount: gpu.colorCount, skippedSolves: gpu.skippedSolves }, 'diagnostics').toEqual({
        substeps: cpu.substeps,
        iterations: cpu.iterations,
        colorCount: cpu.colorCount,
        skippedSolves: cpu.skippedSolves,
      });
      expect(gpu.residuals.length, 'one residual per iteration').toBe(cpu.residuals.length);
      for (let k = 0; k < cpu.residuals.length; k++)
        expect(Math.abs(gpu.residuals[k] - cpu.residuals[k]), `residual ${k}: ${gpu.residuals[k]} vs ${cpu.residuals[k]}`).toBeLessThan(
          1e-3 * cpu.residuals[k] + 1e-5,
        );
      for (let k = 0; k < cpu.initialForceNorms.length; k++)
        expect(Math.abs(gpu.initialForceNorms[k] / cpu.initialForceNorms[k] - 1), `initial force norm ${k}`).toBeLessThan(1e-4);
    });
  }

  for (const threadsPerVertex of [1, 16]) {
    it(`the blending model's controls: per-vertex κ, attachment and mass dashpots, damping relative to the animation, the target-offset start, equilibrium at the targets, max distances (${threadsPerVertex} lanes per vertex)`, async () => {
      const model = roundedModel(tetLattice([4, 3, 3]));
      const V = model.vertexCount;
      const weights = Float64Array.from({ length: V }, (_, v) => (model.restPositions[3 * v] === 0 ? 0 : model.restPositions[3 * v] < 0.11 ? 0.5 : 0.8));
      const kappa = Float64Array.from({ length: V }, (_, v) => 300 + 40 * (v % 7));
      const limits = Float64Array.from({ length: V }, (_, v) => (v % 3 === 0 ? 0.002 : Infinity));
      const poses = Array.from({ length: 6 }, (_, f) =>
        f32(Float64Array.from(model.restPositions, (x, k) => x + (k % 3 === 1 ? 0.03 * Math.sin(f) : 0.015 * f * (k % 3 === 0 ? 1 : 0)))),
      );
      // Animated rest shapes that disagree with the poses: the equilibrium force is then far from zero.
      const rests = Array.from({ length: 6 }, (_, f) => animatedRestShape(model, 0.01, 200 + f));
      const controls = (frame: number): VbdControls => ({
        substeps: 3,
        iterations: 8,
        gravity: [0, 0, 0],
        targetsStart: poses[frame],
        targets: poses[frame + 1],
        blendWeights: weights,
        attachmentStiffness: kappa,
        attachmentDamping: 0.004,
        targetDamping: 10,
        dampRelativeToTargets: true,
        initialization: 'targetOffset',
        equilibriumAtTargets: true,
        // every third vertex held within 2 mm of its target (the clamp acts: the free motion is centimetres)
        maxDistances: limits,
        tetRestShapeInverse: rests[frame],
        residuals: 'final',
      });
      const start = { positions: model.restPositions, velocities: new Float64Array(3 * V), previousVelocities: new Float64Array(3 * V) };
      const result = await compareFrames(model, start, 5, controls, 1 / 30, threadsPerVertex);
      expect(result.moved, 'the lattice moved (else the comparison says nothing)').toBeGreaterThan(1e-3);
      expect(result.worst, 'worst position difference / diagonal over 5 frames').toBeLessThan(TOLERANCE);
      expect(result.velocityError, `velocities (largest ${result.speed.toFixed(3)} m/s)`).toBeLessThan((TOLERANCE * diagonal(model)) / (1 / 90));
      const { cpu, gpu } = result.diagnostics;
      for (let k = 0; k < cpu.residuals.length; k++)
        expect(Math.abs(gpu.residuals[k] - cpu.residuals[k]), `residual ${k}: ${gpu.residuals[k]} vs ${cpu.residuals[k]}`).toBeLessThan(
          1e-3 * cpu.residuals[k] + 1e-5,
        );
      // Without the equilibrium force the same run ends elsewhere: the comparison above saw it.
      const without = await compareFrames(model, start, 5, (frame) => ({ ...controls(frame), equilibriumAtTargets: false }), 1 / 30, threadsPerVertex);
      const apart = maxDifference(Float64Array.from(without.finalCpu), Float64Array.from(result.finalCpu)) / diagonal(model);
      expect(apart, 'the equilibrium force changes the motion by far more than the tolerance').toBeGreaterThan(10 * TOLERANCE);
    });
  }
});

describe.skipIf(!node.device)(`the WebGPU step matches the CPU step${node.skipReason ? ` (skipped: ${node.skipReason})` : ''}`, () => {
  it("the animated rest shape built on the GPU: 4 frames × 4 substeps × 6 iterations of a lattice stretched past the limits (clamped tets counted), equilibrium at the targets, the last substep's residual; each frame one step call and one submit, and a frame without it back on the model's rest shape", async () => {
    const model = roundedModel(tetLattice([4, 3, 3]));
    const V = model.vertexCount;
    const weights = Float64Array.from({ length: V }, (_, v) => (model.restPositions[3 * v] === 0 ? 0 : 0.7));
    // The +x part stretches along x to 2.5× (clamped to 2 in the reference) in frames 0 and 3, is back near its rest
    // length for frame 2 (run on the model's rest shape: a 2.5× stretch against it would be a violent frame that 6
    // iterations leave unconverged, where f32 and f64 part by 5e-5 of the diagonal), and sways in y.
    const stretch = [1, 2.5, 1.1, 1.1, 2.5];
    const poses = Array.from({ length: 5 }, (_, f) =>
      f32(
        Float64Array.from(model.restPositions, (x, k) =>
          k % 3 === 0 ? (x > 0.2 ? 0.2 + stretch[f] * (x - 0.2) : x) : k % 3 === 1 ? x + 0.02 * Math.sin(f) : x,
        ),
      ),
    );
    const animatedRest = { minStretch: 0.5, maxStretch: 2 };
    const controls = (frame: number): VbdControls => ({
      substeps: 4,
      iterations: 6,
      targetsStart: poses[frame],
      targets: poses[frame + 1],
      blendWeights: weights,
      attachmentStiffness: 600,
      dampRelativeToTargets: true,
      initialization: 'targetOffset',
      equilibriumAtTargets: true,
      residuals: 'lastSubstep',
      // frame 2 runs on the model's rest shape: the stepper copies it back after the animated frames
      animatedRest: frame === 2 ? undefined : animatedRest,
    });
    const start = { positions: poses[0], velocities: new Float64Array(3 * V), previousVelocities: new Float64Array(3 * V) };
    const result = await compareFrames(model, start, 4, controls, 1 / 30, 1);
    expect(result.moved, 'the lattice moved').toBeGreaterThan(1e-2);
    expect(result.worst, 'worst position difference / diagonal over 4 frames').toBeLessThan(TOLERANCE);
    const { cpu, gpu } = result.diagnostics;
    expect(cpu.clampedRestTets, 'the last frame clamps tets (else the count says nothing)').toBeGreaterThan(0);
    expect(gpu.clampedRestTets, 'clamped tets of the last frame, summed over its 4 substeps').toBe(cpu.clampedRestTets);
    expect(gpu.residuals.length, "'lastSubstep': one residual per frame").toBe(1);
    expect(Math.abs(gpu.residuals[0] - cpu.residuals[0]), `residual ${gpu.residuals[0]} vs ${cpu.residuals[0]}`).toBeLessThan(1e-3 * cpu.residuals[0] + 1e-5);
    // The rest shape on frame 2 mattered: with the animated rest shape there too, the CPU ends elsewhere.
    const animatedThroughout = createVbdState(model, { positions: start.positions });
    for (let frame = 0; frame < 4; frame++) step(model, animatedThroughout, animatedThroughout, { ...controls(frame), animatedRest }, 1 / 30);
    expect(
      maxDifference(Float64Array.from(animatedThroughout.positions), result.finalCpu) / diagonal(model),
      'frame 2 without the animated rest shape is different',
    ).toBeGreaterThan(10 * TOLERANCE);

    // A frame of 4 substeps is one command buffer, submitted once, with no readback.
    const stepper = await createGpuVbdStepper(node.device!, model, { threadsPerVertex: 1 });
    const queue = node.device!.queue;
    const submit = queue.submit.bind(queue);
    let submits = 0;
    let buffers = 0;
    queue.submit = (commandBuffers: Iterable<GPUCommandBuffer>) => {
      submits++;
      buffers += [...commandBuffers].length;
      return submit(commandBuffers);
    };
    try {
      stepper.setState(createVbdState(model, { positions: start.positions, precision: 'float32' }));
      stepper.step(controls(0), 1 / 30);
    } finally {
      queue.submit = submit;
      stepper.destroy();
    }
    expect({ submits, buffers }, 'one step call: one submit of one command buffer').toEqual({ submits: 1, buffers: 1 });
  });

  it('cloth pinned along one edge falls and swings for 6 frames × 4 substeps × 10 iterations (StVK membrane, dihedral bending, damping), final residuals', async () => {
    const model = roundedModel(clothSheet(8));
    const V = model.vertexCount;
    const weights = Float64Array.from({ length: V }, (_, v) => (model.restPositions[3 * v + 2] === 0 ? 0 : 1));
    const controls = (): VbdControls => ({ substeps: 4, iterations: 10, blendWeights: weights, residuals: 'final' });
    const start = { positions: model.restPositions, velocities: new Float64Array(3 * V), previousVelocities: new Float64Array(3 * V) };
    const result = await compareFrames(model, start, 6, controls, 1 / 30, 16);
    expect(result.moved, 'the cloth fell').toBeGreaterThan(0.05);
    expect(result.worst, 'worst position difference / diagonal over 6 frames').toBeLessThan(TOLERANCE);
    expect(result.diagnostics.gpu.residuals.length, 'one final residual per substep').toBe(4);
  });

  it('quasistatic relaxation of tets, cloth and springs from a scrambled state (inertia dropped, velocities zero)', async () => {
    const model = roundedModel(mixedModel());
    const V = model.vertexCount;
    const weights = Float64Array.from({ length: V }, (_, v) => (v % 9 === 0 ? 0 : 1));
    const controls = (): VbdControls => ({ quasistatic: true, iterations: 12, blendWeights: weights, gravity: [0, -2, 0], initialization: 'inertia' });
    const start = { positions: perturbed(model.restPositions, 0.01, 77), velocities: new Float64Array(3 * V), previousVelocities: new Float64Array(3 * V) };
    const result = await compareFrames(model, start, 3, controls, 1 / 30, 1);
    expect(result.moved, 'it relaxed').toBeGreaterThan(1e-3);
    expect(result.worst, 'worst position difference / diagonal over 3 relaxations').toBeLessThan(TOLERANCE);
    expect(result.speed, 'quasistatic velocities are zero').toBe(0);
  });

  it('checks inputs as the CPU does and refuses, by name, the controls it does not run (a contact not made by ogcContact, line search, residual tolerance, any control not ported yet)', async () => {
    const model = tetLattice([1, 1, 1]);
    const stepper = await createGpuVbdStepper(node.device!, model);
    const state = createVbdState(model);
    try {
      const bad: [VbdControls, number][] = [
        [{ substeps: 0 }, 1 / 60],
        [{ iterations: -1 }, 1 / 60],
        [{}, 0],
        [{ chebyshevRho: 1 }, 1 / 60],
        [{ blendWeights: [2, 1, 1, 1, 1, 1, 1, 1] }, 1 / 60],
        [{ targets: [1, 2, 3] }, 1 / 60],
        [{ gravity: [0, Number.NaN, 0] }, 1 / 60],
        [{ tetRestShapeInverse: new Float64Array(3) }, 1 / 60],
        [{ animatedRest: { minStretch: 0.5, maxStretch: 2 }, tetRestShapeInverse: model.tetRestShapeInverse }, 1 / 60],
        [{ animatedRest: { minStretch: 0, maxStretch: 2 } }, 1 / 60],
      ];
      for (const [controls, dt] of bad) {
        let cpuMessage = '';
        try {
          step(model, state, state, controls, dt);
        } catch (error) {
          cpuMessage = (error as Error).message;
        }
        expect(cpuMessage, `the CPU rejects ${JSON.stringify(controls)}`).not.toBe('');
        expect(() => stepper.step(controls, dt), `the GPU rejects ${JSON.stringify(controls)} with the CPU's words`).toThrow(cpuMessage);
      }
      const contact = { beginSubstep() {}, endIteration() {} } as unknown as VbdContact;
      expect(() => stepper.step({ contact }, 1 / 60), 'a contact other than ogcContact').toThrow(/runs contact made by ogcContact .* only/);
      expect(() => stepper.step({ beforeSubstep: () => {} }, 1 / 60), "a per-substep host callback (contact's surface)").toThrow(
        /beforeSubstep .* use the CPU backend/,
      );
      expect(() => stepper.step({ lineSearch: true }, 1 / 60), 'line search').toThrow(/line search .* only on the CPU/);
      expect(() => stepper.step({ residualTolerance: 1e-3 }, 1 / 60), 'tolerance').toThrow(/residualTolerance/);
      // a control the CPU step gains later is refused until it is ported, never ignored
      expect(() => stepper.step({ someFutureControl: 2 } as unknown as VbdControls, 1 / 60), 'a control added to the CPU step and not ported').toThrow(
        /the control "someFutureControl" is not ported to the WebGPU backend/,
      );
    } finally {
      stepper.destroy();
    }
  });

  it('a lost device surfaces as VbdBackendError("device-lost") from readState and from the next step', async () => {
    const own = await requestComputeBackend(nodeGpu());
    if (own.kind !== 'webgpu') throw new Error(own.reason);
    const model = tetLattice([2, 2, 2]);
    const stepper = await createGpuVbdStepper(own.device, model, { threadsPerVertex: 1 });
    const state = createVbdState(model);
    stepper.setState(state);
    stepper.step({ iterations: 2 }, 1 / 60);
    own.device.destroy();
    const read = await stepper.readState(state).then(
      () => null,
      (error: unknown) => error,
    );
    expect(read, 'readState rejects').toBeInstanceOf(VbdBackendError);
    expect((read as VbdBackendError).reason, 'as a lost device').toBe('device-lost');
    expect(() => stepper.step({ iterations: 2 }, 1 / 60), 'the next step refuses').toThrow(VbdBackendError);
  });
});
