import { readBuffer } from '../../gpu/readBuffer.ts';
import { cellSizes } from './cellSizes.ts';
import { detectionStages } from './detectionStages.ts';
import { detectionStats } from './detectionStats.ts';
import { ensureSizedBuffers } from './ensureSizedBuffers.ts';
import { growCapacities } from './growCapacities.ts';
import { hostPoints } from './hostPoints.ts';
import { readDetectionContacts } from './readDetectionContacts.ts';
import { writeContactInputs } from './writeContactInputs.ts';
import { writeDetectionFlags } from './writeDetectionFlags.ts';
import { writeDetectionParams } from './writeDetectionParams.ts';
import { GATE_MODE, GATE_WORDS, type DetectionPhaseTimes, type GpuOgcDetectionData, type GpuOgcDetectionFrame, type GpuOgcDetectionResult } from './types.ts';

/**
 * Detects the contacts of one instant (a standalone detection, OGC's full search): uploads the frame, runs one open
 * gate and the detection (again with larger buffers when a capacity was too small) and reads its totals back.
 *
 * @param frame   the points (or the positions, offsets and collider positions they are made from), the pinned
 *                vertices and the input's points and flags
 * @param timing  phaseTimes: submit each stage alone and time it (wall clock to the queue's completion; for the
 *                bench: the stages then wait for each other, which one command buffer does not)
 * @returns the contacts in the contact binding, with their counts
 * @throws Error when the frame's arrays do not match the surface's counts
 */
export async function detectContacts(d: GpuOgcDetectionData, frame: GpuOgcDetectionFrame, timing?: { phaseTimes?: boolean }): Promise<GpuOgcDetectionResult> {
  const device = d.device;
  const P = d.pointCount;
  const V = d.vertexCount;
  if (frame.pinned.length !== V) throw new Error(`GpuOgcDetection: ${frame.pinned.length} pinned flags, expected ${V}`);
  if (frame.reference && frame.reference.length !== 3 * P) throw new Error(`GpuOgcDetection: ${frame.reference.length / 3} reference points, expected ${P}`);
  if (frame.points ? frame.points.length !== 3 * P : frame.positions?.length !== 3 * V) throw new Error(`GpuOgcDetection: give ${P} points or ${V} positions`);
  writeDetectionFlags(d, frame.pinned, frame.regions, frame.untangle);
  const points32 = new Float32Array(6 * P);
  if (frame.points) points32.set(frame.points);
  if (frame.reference) points32.set(frame.reference, 3 * P);
  if (P > 0) device.queue.writeBuffer(d.pointBuffer, 0, points32);
  if (frame.positions && V > 0) device.queue.writeBuffer(d.positionBuffer, 0, Float32Array.from(frame.positions));
  // The tables' cells, once, from the first points the host can see (from the positions: Σ w x + offset).
  if (!d.cells) d.cells = cellSizes(d, frame.points ?? hostPoints(d, frame.positions!, frame.pointOffsets, frame.obstaclePositions));
  // One control entry: a substep's start (the gate opens).
  device.queue.writeBuffer(d.controlBuffer, 0, new Uint32Array([GATE_MODE.substepStart, 0, 0, 0]));
  const flags = (frame.reference ? 2 : 0) | (frame.regions ? 4 : 0) | (frame.untangle ? 8 : 0) | (frame.points ? 0 : 32);

  for (let runs = 1; ; runs++) {
    const sized = ensureSizedBuffers(d);
    writeContactInputs(d, frame.pointOffsets, frame.obstaclePositions, frame.pointTargets);
    writeDetectionParams(d, flags);
    const totals = d.totalsBuffer;
    // The detection's stages after the gate (control entry 0), in one command buffer (or one each, timed, with
    // `phaseTimes`); the gate's words cleared first, so its totals are this run's.
    const stages = detectionStages(d, false, 0);
    let phaseTimes: DetectionPhaseTimes | undefined;
    if (timing?.phaseTimes) {
      phaseTimes = { pointsAndBoxes: 0, broadPhase: 0, pairs: 0, gatherLists: 0 };
      await device.queue.onSubmittedWorkDone();
      for (const [name, record] of stages) {
        const start = performance.now();
        const encoder = device.createCommandEncoder({ label: `ogcDetection ${name}` });
        record(encoder);
        device.queue.submit([encoder.finish()]);
        await device.queue.onSubmittedWorkDone();
        phaseTimes[name] = performance.now() - start;
      }
    } else {
      const encoder = device.createCommandEncoder({ label: 'ogcDetection' });
      for (const [, record] of stages) record(encoder);
      device.queue.submit([encoder.finish()]);
    }
    const encoder = device.createCommandEncoder({ label: 'ogcDetection totals' });
    encoder.copyBufferToBuffer(d.gateBuffer, 0, totals, 0, 4 * GATE_WORDS);
    device.queue.submit([encoder.finish()]);
    const stats = detectionStats(new Uint32Array(await readBuffer(device, totals, 4 * GATE_WORDS)));
    if (!growCapacities(d, stats)) {
      const contactBuffer = sized.contact;
      const { contacts: contactCount, entries, pointAnswers, edgeAnswers } = stats.largest;
      return {
        contactBuffer,
        contactCount,
        entries,
        inputExcluded: stats.inputExcluded,
        candidates: [pointAnswers, edgeAnswers],
        runs,
        phaseTimes,
        read: () => readDetectionContacts(d, contactBuffer, contactCount, entries),
      };
    }
  }
}
