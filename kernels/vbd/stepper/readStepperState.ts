import type { VbdState, VbdStepDiagnostics } from '../../../app/solvers/vbd/index.ts';
import { VbdBackendError } from '../../../app/solvers/vbd/index.ts';
import { detectionStats, GpuOgcDetection, type GpuOgcDetectionStats } from '../../contact/gpuOgcDetection.ts';
import { residualDiagnostics } from './residualDiagnostics.ts';
import { collectErrors } from './stepperErrors.ts';
import type { GpuOgcCall, GpuVbdStepperData } from './types.ts';

/**
 * One read of the state and the diagnostics of the calls since the last read, in one copy to the staging buffer:
 * positions, velocities and previous velocities (into `out`), the residual sums (residualDiagnostics), the counters
 * (skipped solves, clamped rest tets, truncations; cleared for the next calls), and with contact the detections'
 * counts, added to the OgcContact's stats unless a detection outgrew a capacity (`grown`: the detection made room,
 * the calls must run again). The pending work is taken: records, counts and the calls since the read are emptied.
 *
 * @param data  the stepper
 * @param out   the state written (#V×3 each, checked by the caller)
 * @returns the diagnostics, or grown: true (diagnostics then undefined)
 * @throws VbdBackendError when the device failed or was lost
 */
export async function readStepperState(data: GpuVbdStepperData, out: VbdState): Promise<{ diagnostics: VbdStepDiagnostics; grown: boolean }> {
  const V = data.vertexCount;
  const records = data.records;
  const substeps = data.substepsPending;
  const iterations = data.iterationsPending;
  const ogc = data.callsSinceRead.some((call) => call.controls.contact) ? data.ogc : null;
  data.records = [];
  data.substepsPending = 0;
  data.iterationsPending = 0;
  data.callsSinceRead = [];
  const device = data.device;
  const staging = data.staging;
  const resultsBytes = 4 * records.length;
  const countersAt = 36 * V + resultsBytes;
  const statsAt = countersAt + 12;
  const total = statsAt + (ogc ? GpuOgcDetection.statsBytes : 0);
  const encoder = device.createCommandEncoder({ label: 'vbd readState' });
  encoder.copyBufferToBuffer(data.positions, 0, staging, 0, 12 * V);
  encoder.copyBufferToBuffer(data.vertexData, 0, staging, 12 * V, 24 * V);
  if (resultsBytes > 0) encoder.copyBufferToBuffer(data.reductions, 4 * data.layout.resultsStart, staging, 36 * V, resultsBytes);
  encoder.copyBufferToBuffer(data.counters, 0, staging, countersAt, 12);
  encoder.clearBuffer(data.counters);
  if (ogc) ogc.detection.encodeStats(encoder, staging, statsAt);
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  device.queue.submit([encoder.finish()]);
  data.checks.push(device.popErrorScope(), device.popErrorScope());

  data.reading = true;
  try {
    await collectErrors(data);
    try {
      await staging.mapAsync(GPUMapMode.READ, 0, total);
    } catch (error) {
      throw new VbdBackendError(
        'device-lost',
        data.kernels.lostMessage ?? `reading the state back failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (data.kernels.lostMessage) throw new VbdBackendError('device-lost', data.kernels.lostMessage);
    const bytes = staging.getMappedRange(0, total);
    const floats = new Float32Array(bytes, 0, 9 * V + records.length);
    out.positions.set(floats.subarray(0, 3 * V));
    out.velocities.set(floats.subarray(3 * V, 6 * V));
    out.previousVelocities.set(floats.subarray(6 * V, 9 * V));
    const sums = Array.from(floats.subarray(9 * V));
    const [skippedSolves, clampedRestTets, truncated] = new Uint32Array(bytes, countersAt, 3);
    const words = ogc ? new Uint32Array(bytes.slice(statsAt, total)) : null;
    staging.unmap();
    if (ogc && words) {
      const stats = detectionStats(words);
      if (ogc.detection.grow(stats)) return { diagnostics: undefined as never, grown: true };
      addContactStats(ogc, stats, substeps, truncated);
    }
    const diagnostics: VbdStepDiagnostics = {
      substeps,
      iterations,
      colorCount: data.model.colorCount,
      skippedSolves,
      clampedRestTets,
      corrections: [],
      ...residualDiagnostics(records, sums),
    };
    return { diagnostics, grown: false };
  } finally {
    data.reading = false;
  }
}

/** ogcContact's counters, as its beginSubstep and endIteration keep them (every detection a full search). */
function addContactStats(ogc: GpuOgcCall, stats: GpuOgcDetectionStats, substeps: number, truncated: number): void {
  const s = ogc.contact.stats;
  s.substeps += substeps;
  s.detections += stats.detections;
  s.redetections += stats.redetections;
  s.truncations += truncated;
  s.contacts += stats.contacts;
  s.maxContacts = Math.max(s.maxContacts, stats.largest.contacts);
  s.inputExcluded += stats.inputExcluded;
  s.searches += stats.detections;
}
