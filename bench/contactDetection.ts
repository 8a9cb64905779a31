/**
 * The contact bench's detection section (bench/contact.bench.ts, see its header): one OGC detection on two wavy
 * sheets, on the CPU and by its GPU twin.
 */
import { contactDefaults, ogcContact, vertexContactPoints } from '../app/contact/index.ts';
import { GATE_MODE, GpuOgcDetection } from '../kernels/contact/gpuOgcDetection.ts';
import { clothSquare } from './contactMeshes.ts';
import { medianMilliseconds } from './timing.ts';
import { CLOTH_SIZE, round } from './contactBenchSettings.ts';

/**
 * One detection of OGC contact on two wavy sheets of cells² cells each, the upper one at a gap from 0.4 r to 1.6 r
 * above the lower (every kind of contact; about a third of the points within r): ogcContact's detection as a bake
 * runs it (the first search, then detections after a small motion reuse it: `incremental`), the same with a full
 * search each time (`fullSearch`, searchMargin 0, what the GPU twin does), and the GPU twin (GpuOgcDetection: the
 * points from the positions, the broad phase, the pairs, the bounds and the gather lists; the positions' upload and
 * the totals' readback included), with one more detection split into its stages (gpuPhaseMilliseconds). Medians of 7
 * detections, each after moving the points by up to 0.1 r.
 */
export async function detection(cells: number, device?: GPUDevice) {
  const lower = clothSquare(cells, CLOTH_SIZE, 0);
  const upper = clothSquare(cells, CLOTH_SIZE, 0);
  const { radius } = contactDefaults(lower.positions, lower.triangles, [1], 1);
  const half = lower.positions.length / 3;
  const V = 2 * half;
  const positions = new Float64Array(3 * V);
  const wave = (x: number, z: number): number => 0.02 * Math.sin(16 * x) * Math.cos(12 * z);
  for (let v = 0; v < half; v++) {
    const x = lower.positions[3 * v],
      z = lower.positions[3 * v + 2];
    positions.set([x, wave(x, z), z], 3 * v);
    const gap = radius * (1.6 - 1.2 * Math.max(0, Math.cos(40 * x) * Math.cos(33 * z)));
    positions.set([x + 0.3 * radius, wave(x + 0.3 * radius, z) + gap, z + 0.2 * radius], 3 * (half + v));
  }
  const triangles = Uint32Array.from([...lower.triangles, ...Array.from(upper.triangles, (t) => t + half)]);
  const options = { simulationVertexCount: V, ...vertexContactPoints(null, V), triangles, radius, stiffness: 1e4 };
  const pinned = new Uint8Array(V);
  let phase = 0;
  const move = () => {
    phase += 1;
    for (let v = 0; v < V; v++) positions[3 * v + 1] += 0.1 * radius * Math.sin(phase + 0.37 * v);
  };
  const cpuDetection = (searchMargin?: number) => {
    const contact = ogcContact({ ...options, searchMargin });
    return () => {
      move();
      contact.beginSubstep(positions, Float64Array.from(positions), 1 / 120, 1, pinned, positions, positions);
      return contact.data.contactCount;
    };
  };
  const saved = Float64Array.from(positions);
  const incremental = cpuDetection();
  const contacts = incremental();
  const incrementalMs = await medianMilliseconds(incremental, 7);
  positions.set(saved);
  const fullSearchMs = await medianMilliseconds(cpuDetection(0), 7);
  let gpu: Record<string, unknown> = {};
  if (device) {
    // from the same positions as the CPU's first detection: gpuContacts is the CPU's `contacts` up to f32 rounding
    positions.set(saved);
    phase = 0;
    const twin = await GpuOgcDetection.create(device, { ...options, vertexColors: new Uint32Array(V) });
    try {
      const detect = async () => {
        move();
        return (await twin.detect({ positions, pinned })).contactCount;
      };
      const gpuContacts = await detect(); // also grows the capacities
      const gpuMs = await medianMilliseconds(detect, 7);
      // where the time goes: each stage submitted alone and waited for (so their sum exceeds the one-buffer time)
      move();
      const phases = (await twin.detect({ positions, pinned }, { phaseTimes: true })).phaseTimes!;
      const gpuPhaseMilliseconds = Object.fromEntries(Object.entries(phases).map(([name, ms]) => [name, round(ms)]));
      // A gate that stays closed (an iteration that needs no re-detection): the copies, the gate and the empty
      // dispatches every iteration of a step with contact pays (kernels/vbd createGpuVbdStepper), with the gated
      // dispatches indirect (the default, software adapters) and direct (hardware adapters: Dawn validates each
      // indirect dispatch with a hidden pass, docs/contact.md "Measured on a GPU").
      const closedGateMilliseconds = async (gated: GpuOgcDetection) => {
        gated.setCall({ pinned, cellPositions: positions, control: new Uint32Array([GATE_MODE.mark, 0, 0, 0]) });
        return medianMilliseconds(async () => {
          const encoder = device.createCommandEncoder({ label: 'bench closed gate' });
          gated.encodeGate(encoder, 0);
          gated.encodeDetection(encoder, false);
          device.queue.submit([encoder.finish()]);
          await device.queue.onSubmittedWorkDone();
        }, 7);
      };
      const gpuClosedGateMs = await closedGateMilliseconds(twin);
      const direct = await GpuOgcDetection.create(device, { ...options, vertexColors: new Uint32Array(V), gatedDispatch: 'direct' });
      let gpuClosedGateDirectMs: number;
      try {
        await direct.detect({ positions, pinned }); // the same capacities as the twin's
        gpuClosedGateDirectMs = await closedGateMilliseconds(direct);
      } finally {
        direct.destroy();
      }
      gpu = {
        gpuContacts,
        gpuMilliseconds: round(gpuMs),
        gpuOverFullSearch: round(gpuMs / fullSearchMs),
        gpuPhaseMilliseconds,
        gpuClosedGateMilliseconds: round(gpuClosedGateMs, 3),
        gpuClosedGateDirectMilliseconds: round(gpuClosedGateDirectMs, 3),
      };
    } finally {
      twin.destroy();
    }
  }
  return {
    vertices: V,
    triangles: triangles.length / 3,
    radius: round(radius, 5),
    contacts,
    incrementalMilliseconds: round(incrementalMs),
    fullSearchMilliseconds: round(fullSearchMs),
    ...gpu,
  };
}
