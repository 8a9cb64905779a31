/**
 * `overlap simulate`'s run, in a worker thread (runInWorker): steps a standalone VBD scene frame by frame, stops on a
 * non-finite or diverged frame (SimulationError), counts refused vertex solves, and returns the kept frames.
 */
import { sceneContact, type OgcContactStats } from '../../contact/index.ts';
import { SimulationError, step, vbdSceneFromJson } from '../../solvers/vbd/index.ts';

/** Stats of a run (docs/scene-format.md). */
export interface SimulateStats {
  vertexCount: number;
  tetCount: number;
  triangleCount: number;
  hingeCount: number;
  springCount: number;
  colorCount: number;
  frames: number;
  timeStep: number;
  substeps: number;
  iterationsPerSubstep: number;
  totalIterations: number;
  skippedSolves: number;
  finalRelativeResidual: number;
  maxRelativeResidual: number;
  wallMilliseconds: number;
  /** scenes with a contact field: the contact radius [m], stiffness [N/m] and counts (app/contact sceneContact) */
  contact?: { radius: number; stiffness: number } & OgcContactStats;
}

/** A run's result: the kept frames, the stats and warnings for stderr. */
export interface SimulateResult {
  frames: Array<{ frame: number; time: number; positions: Float64Array }>;
  stats: SimulateStats;
  warnings: string[];
}

/** How far outside the reach of its animation, gravity and initial velocities a vertex may go, in scene sizes. */
const DIVERGENCE_SIZES = 10;

/**
 * Runs a scene.
 *
 * @param task      the scene's parsed JSON (already validated by the main thread) and --every
 * @param progress  receives the number of frames done
 * @returns the frames to write, stats and warnings
 * @throws SimulationError at the first frame with non-finite or diverged positions
 */
export async function simulateTask(task: { json: unknown; every: number }, progress: (frame: number) => void): Promise<SimulateResult> {
  const scene = vbdSceneFromJson(task.json);
  const { model, state, controls, animation, frames, timeStep } = scene;
  const contact = scene.contact !== undefined ? sceneContact(scene.contact, model, timeStep / (controls.substeps ?? 1)) : null;
  // The region the motion can reach: the box of the rest shape and every animation pose, grown by the scene's size,
  // the initial velocities' travel and a free fall; beyond it the solver diverged.
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const pose of [model.restPositions, state.positions, ...animation]) {
    for (let k = 0; k < pose.length; k++) {
      min[k % 3] = Math.min(min[k % 3], pose[k]);
      max[k % 3] = Math.max(max[k % 3], pose[k]);
    }
  }
  const size = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  let speed = 0;
  for (let v = 0; v < model.vertexCount; v++)
    speed = Math.max(speed, Math.hypot(state.velocities[3 * v], state.velocities[3 * v + 1], state.velocities[3 * v + 2]));
  const gravity = Math.hypot(...Array.from(controls.gravity ?? [0, -9.81, 0]));
  const reach = (t: number) => DIVERGENCE_SIZES * Math.max(size, 1e-9) + speed * t + 0.5 * gravity * t * t;

  const output: SimulateResult['frames'] = [];
  let totalIterations = 0;
  let skippedSolves = 0;
  let maxResidual = 0;
  let lastResidual = 0;
  const started = performance.now();
  for (let frame = 1; frame <= frames; frame++) {
    const pose = (k: number) => animation[Math.min(k, animation.length - 1)];
    contact?.setFrame(frame);
    const diagnostics = step(model, state, state, { ...controls, targetsStart: pose(frame - 1), targets: pose(frame), contact: contact?.contact }, timeStep);
    totalIterations += diagnostics.iterations;
    skippedSolves += diagnostics.skippedSolves;
    for (const r of diagnostics.residuals) if (Number.isFinite(r)) maxResidual = Math.max(maxResidual, r);
    lastResidual = diagnostics.residuals[diagnostics.residuals.length - 1] ?? 0;
    const limit = reach(frame * timeStep);
    for (let k = 0; k < state.positions.length; k++) {
      const x = state.positions[k];
      const outside = Math.max(min[k % 3] - x, x - max[k % 3]);
      if (!(outside <= limit)) {
        const what = Number.isFinite(x)
          ? `vertex ${Math.floor(k / 3)} is ${outside.toPrecision(3)} m outside the reach of the scene's motion (${limit.toPrecision(3)} m)`
          : `vertex ${Math.floor(k / 3)} has a non-finite position`;
        throw new SimulationError(`the simulation diverged at frame ${frame}: ${what}; try more substeps, a smaller timeStep or a lower poissonRatio`, frame);
      }
    }
    if ((task.every > 0 && frame % task.every === 0) || frame === frames) {
      output.push({ frame, time: frame * timeStep, positions: Float64Array.from(state.positions) });
    }
    progress(frame);
  }
  const warnings: string[] = [];
  if (skippedSolves > 0) {
    const share = skippedSolves / Math.max(1, totalIterations * model.vertexCount);
    warnings.push(
      `${skippedSolves} vertex solves were refused (a singular 3×3 Hessian, ${(100 * share).toPrecision(2)}% of all); those vertices kept their position for that iteration`,
    );
  }
  return {
    frames: output,
    warnings,
    stats: {
      vertexCount: model.vertexCount,
      tetCount: model.tetCount,
      triangleCount: model.triangleCount,
      hingeCount: model.hingeCount,
      springCount: model.springCount,
      colorCount: model.colorCount,
      frames,
      timeStep,
      substeps: controls.substeps ?? 1,
      iterationsPerSubstep: controls.iterations ?? 10,
      totalIterations,
      skippedSolves,
      finalRelativeResidual: lastResidual,
      maxRelativeResidual: maxResidual,
      wallMilliseconds: Math.round(performance.now() - started),
      ...(contact ? { contact: { radius: contact.contact.data.radius, stiffness: contact.contact.data.stiffness, ...contact.contact.stats } } : {}),
    },
  };
}
