import { createCpuVbdStepper } from './createCpuVbdStepper.ts';
import type { FloatArray, VbdControls, VbdModel, VbdState, VbdStepDiagnostics } from './types.ts';
import { VbdBackendError, type VbdStepBackend, type VbdStepper, type VbdStepperOptions } from './vbdStepBackend.ts';

/**
 * A backend whose steppers survive their device: when the GPU is lost or runs out of memory (a VbdBackendError),
 * the stepper continues on the CPU from the last state it read (the last completed frame), replaying the step calls
 * made since then, and reports it once through `onFallback`. Nothing is lost and nothing is silently different: the
 * frames after the failure are exactly what the CPU computes from that state.
 *
 * How: each step call's array controls (targets, weights, rest shapes, …) are copied into a journal, because
 * callers reuse and overwrite their arrays between calls; the journal is cleared at every successful readState,
 * whose state becomes the checkpoint. Copies reuse their arrays from frame to frame (no allocation once warm).
 * A CPU backend is returned unchanged (nothing to fall back from, no copies).
 *
 * @param backend     the preferred backend
 * @param onFallback  called once per stepper that falls back, with what happened (for the bake's warnings)
 * @returns a backend of the same kind and description
 */
export function withCpuFallback(backend: VbdStepBackend, onFallback: (message: string) => void): VbdStepBackend {
  if (backend.kind === 'cpu') return backend;
  // Why the device cannot run contact (its kernels did not compile), once prepareContact said so: steppers for
  // contact then run on the CPU.
  let contactProblem: string | null = null;
  return {
    kind: backend.kind,
    description: backend.description,
    adapter: backend.adapter,
    dispose: () => backend.dispose(),
    // A transfer that fails throws VbdBackendError; its caller transfers on the CPU (volumeSimulation).
    ...(backend.createDetailTransfer ? { createDetailTransfer: backend.createDetailTransfer.bind(backend) } : {}),
    ...(backend.prepareContact
      ? {
          async prepareContact() {
            try {
              await backend.prepareContact!();
            } catch (error) {
              contactProblem = error instanceof Error ? error.message : String(error);
            }
          },
        }
      : {}),
    createStepper(model: VbdModel, options?: VbdStepperOptions): VbdStepper {
      if (options?.contact && contactProblem !== null) {
        onFallback(`${backend.description} cannot run contact (${contactProblem}); the mesh with contact runs on the CPU`);
        return createCpuVbdStepper(model);
      }
      let primary: VbdStepper;
      try {
        primary = backend.createStepper(model, options);
      } catch (error) {
        if (!(error instanceof VbdBackendError)) throw error;
        onFallback(`${backend.description} cannot simulate a model of ${model.vertexCount} vertices (${error.message}); it runs on the CPU`);
        return createCpuVbdStepper(model);
      }
      return fallbackStepper(model, primary, onFallback);
    },
  };
}

interface JournalEntry {
  controls: VbdControls;
  dt: number;
  /** the entry's own copies, reused by later frames */
  arrays: Map<string, Float64Array>;
}

const ARRAY_CONTROLS = [
  'gravity',
  'externalAccelerations',
  'targets',
  'targetsStart',
  'blendWeights',
  'attachmentStiffness',
  'maxDistances',
  'tetRestShapeInverse',
] as const;

function fallbackStepper(model: VbdModel, primary: VbdStepper, onFallback: (message: string) => void): VbdStepper {
  const n = 3 * model.vertexCount;
  const checkpoint: VbdState = { positions: Float64Array.from(model.restPositions), velocities: new Float64Array(n), previousVelocities: new Float64Array(n) };
  const journal: JournalEntry[] = [];
  let journalLength = 0;
  let cpu: VbdStepper | null = null;

  const record = (controls: VbdControls, dt: number): void => {
    let entry = journal[journalLength];
    if (!entry) journal.push((entry = { controls: {}, dt: 0, arrays: new Map() }));
    journalLength++;
    const copy: VbdControls = { ...controls };
    for (const key of ARRAY_CONTROLS) {
      const source = controls[key];
      if (source === undefined || typeof source === 'number') continue;
      let array = entry.arrays.get(key);
      if (!array || array.length !== source.length) entry.arrays.set(key, (array = new Float64Array(source.length)));
      for (let k = 0; k < source.length; k++) array[k] = source[k];
      (copy as Record<string, unknown>)[key] = array;
    }
    entry.controls = copy;
    entry.dt = dt;
  };

  const fallBack = (error: VbdBackendError): VbdStepper => {
    onFallback(`the GPU failed (${error.message}); the simulation continues on the CPU from the last completed frame`);
    try {
      primary.destroy();
    } catch {
      // the device is gone; nothing to free
    }
    const stepper = createCpuVbdStepper(model);
    stepper.setState(checkpoint);
    for (let k = 0; k < journalLength; k++) stepper.step(journal[k].controls, journal[k].dt);
    journalLength = 0;
    cpu = stepper;
    return stepper;
  };

  const copyState = (from: VbdState, to: VbdState): void => {
    for (const key of ['positions', 'velocities', 'previousVelocities'] as const) (to[key] as FloatArray).set(from[key]);
  };

  return {
    model,
    setState(state) {
      if (cpu) return cpu.setState(state);
      primary.setState(state);
      copyState(state, checkpoint);
      journalLength = 0;
    },
    step(controls, dt) {
      if (cpu) return cpu.step(controls, dt);
      record(controls, dt);
      try {
        primary.step(controls, dt);
      } catch (error) {
        if (!(error instanceof VbdBackendError)) {
          journalLength--;
          throw error;
        }
        fallBack(error);
      }
    },
    async readState(out): Promise<VbdStepDiagnostics> {
      if (cpu) return cpu.readState(out);
      try {
        const diagnostics = await primary.readState(out);
        copyState(out, checkpoint);
        journalLength = 0;
        return diagnostics;
      } catch (error) {
        if (!(error instanceof VbdBackendError)) throw error;
        return fallBack(error).readState(out);
      }
    },
    destroy() {
      (cpu ?? primary).destroy();
    },
  };
}
