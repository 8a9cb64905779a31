// withCpuFallback: a stepper whose device fails mid-frame continues on the CPU from the last state it read, replaying
// the step calls since then, so the frames after the failure are exactly what the CPU computes from that state. A
// stand-in "GPU" (the CPU stepper, failing on cue and scrambling its own state when it does) makes the expected
// result the uninterrupted CPU run, bit for bit. Callers overwrite their control arrays between calls (as
// volumeSimulation does with its targets and rest shapes), which the replay must not see.
import { describe, expect, it } from 'vitest';
import {
  boxTetrahedra,
  createCpuVbdStepper,
  createVbdModel,
  createVbdState,
  VbdBackendError,
  withCpuFallback,
  type VbdControls,
  type VbdModel,
  type VbdStepBackend,
  type VbdStepper,
} from '../../../../app/solvers/vbd/index.ts';

const model = createVbdModel(
  (() => {
    const { positions, tetrahedra } = boxTetrahedra([3, 2, 2], [0.3, 0.2, 0.2]);
    return {
      restPositions: positions,
      tetrahedra: { vertices: tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.4, density: 1000, damping: 0.002 } },
    };
  })(),
);
const V = model.vertexCount;
const weights = Float64Array.from({ length: V }, (_, v) => (model.restPositions[3 * v] === 0 ? 0 : 1));

/** A backend whose steppers compute on the CPU but fail with `failure` at step call `failAtStep` or read `failAtRead`. */
function flakyBackend(failure: Error, failAtStep: number, failAtRead: number): VbdStepBackend {
  return {
    kind: 'webgpu',
    description: 'WebGPU: flaky test adapter',
    createStepper(m: VbdModel): VbdStepper {
      const inner = createCpuVbdStepper(m);
      let steps = 0;
      let reads = 0;
      let broken = false;
      const scramble = () => {
        broken = true;
        inner.setState({
          positions: new Float64Array(3 * V).fill(Number.NaN),
          velocities: new Float64Array(3 * V),
          previousVelocities: new Float64Array(3 * V),
        });
      };
      return {
        model: m,
        setState: (s) => inner.setState(s),
        step(controls, dt) {
          if (broken) throw failure;
          if (++steps === failAtStep) {
            scramble();
            throw failure;
          }
          inner.step(controls, dt);
        },
        async readState(out) {
          if (++reads === failAtRead || broken) {
            scramble();
            throw failure;
          }
          return inner.readState(out);
        },
        destroy() {},
      };
    },
    dispose() {},
  };
}

/** 5 frames of 3 step calls each, the caller's target array overwritten in place before every call. */
async function run(stepper: VbdStepper): Promise<Float64Array[]> {
  const state = createVbdState(model);
  stepper.setState(state);
  const targets = Float64Array.from(model.restPositions);
  const frames: Float64Array[] = [];
  for (let frame = 0; frame < 5; frame++) {
    for (let call = 0; call < 3; call++) {
      const t = frame * 3 + call;
      for (let k = 0; k < targets.length; k++) targets[k] = model.restPositions[k] + (k % 3 === 1 ? 0.03 * Math.sin(0.7 * t) : 0);
      const controls: VbdControls = { iterations: 5, blendWeights: weights, targets, residuals: 'final' };
      stepper.step(controls, 1 / 90);
    }
    await stepper.readState(state);
    frames.push(Float64Array.from(state.positions));
  }
  return frames;
}

describe('withCpuFallback', () => {
  const expected = run(createCpuVbdStepper(model));

  for (const [where, failAtStep, failAtRead] of [
    ['in the 2nd step call of frame 3 (the device was already lost when step was called)', 8, 0],
    ['when frame 3 is read back (the loss shows at readState)', 0, 3],
  ] as const) {
    it(`a device lost ${where}: the output equals the uninterrupted CPU run bit for bit, and the loss is reported once`, async () => {
      const messages: string[] = [];
      const backend = withCpuFallback(flakyBackend(new VbdBackendError('device-lost', 'the WebGPU device was lost (unknown)'), failAtStep, failAtRead), (m) =>
        messages.push(m),
      );
      const frames = await run(backend.createStepper(model));
      const reference = await expected;
      expect(
        reference[4].some((x, k) => x !== model.restPositions[k]),
        'the lattice moves',
      ).toBe(true);
      for (let f = 0; f < 5; f++) expect(Array.from(frames[f]), `frame ${f}`).toEqual(Array.from(reference[f]));
      expect(messages.length, 'one warning').toBe(1);
      expect(messages[0], 'it says what happened and what runs now').toMatch(/device was lost.*continues on the CPU from the last completed frame/);
    });
  }

  it("a failure that is not the backend's (bad input, a bug) propagates and does not fall back", async () => {
    const messages: string[] = [];
    const backend = withCpuFallback(flakyBackend(new Error('step: bad input'), 4, 0), (m) => messages.push(m));
    await expect(run(backend.createStepper(model)), 'the error reaches the caller').rejects.toThrow('step: bad input');
    expect(messages, 'no fallback').toEqual([]);
  });

  it('a device that cannot hold the model gives a CPU stepper at once, with the reason', async () => {
    const messages: string[] = [];
    const tooSmall: VbdStepBackend = {
      kind: 'webgpu',
      description: 'WebGPU: tiny adapter',
      createStepper: () => {
        throw new VbdBackendError('limits', 'the vertexData buffer of this model needs 300 MiB, the adapter binds at most 128 MiB');
      },
      dispose() {},
    };
    const frames = await run(withCpuFallback(tooSmall, (m) => messages.push(m)).createStepper(model));
    expect(Array.from(frames[4]), 'the CPU result').toEqual(Array.from((await expected)[4]));
    expect(messages[0], 'the reason').toMatch(/WebGPU: tiny adapter cannot simulate a model of \d+ vertices \(the vertexData buffer .* 300 MiB/);
  });

  it('a device whose contact kernels do not compile gives CPU steppers for contact, with the reason; the others stay on the device', async () => {
    const messages: string[] = [];
    const made: string[] = [];
    const noContact: VbdStepBackend = {
      kind: 'webgpu',
      description: 'WebGPU: odd driver',
      createStepper: (m) => {
        made.push('device');
        return createCpuVbdStepper(m);
      },
      prepareContact: () => Promise.reject(new Error('ogcDetection.wgsl: line 12: unsupported')),
      dispose() {},
    };
    const backend = withCpuFallback(noContact, (m) => messages.push(m));
    await expect(backend.prepareContact!(), "the failure is the backend's: no throw").resolves.toBeUndefined();
    const frames = await run(backend.createStepper(model, { contact: true }));
    expect(Array.from(frames[4]), 'the CPU result').toEqual(Array.from((await expected)[4]));
    expect(made, 'no device stepper for contact').toEqual([]);
    expect(messages, 'the reason, once per stepper').toEqual([
      'WebGPU: odd driver cannot run contact (ogcDetection.wgsl: line 12: unsupported); the mesh with contact runs on the CPU',
    ]);
    backend.createStepper(model);
    expect(made, "a stepper without contact is the device's").toEqual(['device']);
  });

  it('returns a CPU backend unchanged', () => {
    const cpu: VbdStepBackend = { kind: 'cpu', description: 'CPU: test', createStepper: createCpuVbdStepper, dispose() {} };
    expect(
      withCpuFallback(cpu, () => {}),
      'nothing to fall back from',
    ).toBe(cpu);
  });
});
