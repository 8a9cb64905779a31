import { encodeGate } from './encodeGate.ts';
import { ensureSizedBuffers } from './ensureSizedBuffers.ts';
import { GATE, SLOT, type DetectionPhaseTimes, type EntryPoint, type GpuOgcDetectionData } from './types.ts';

/**
 * The detection's stages, each recording into an encoder: the first with the gated substep inputs when asked, and
 * after the gate's words cleared and a gate of control entry `gateEntry` when given (a standalone detection).
 */
export function detectionStages(
  d: GpuOgcDetectionData,
  substepInputs: boolean,
  gateEntry?: number,
): [keyof DetectionPhaseTimes, (encoder: GPUCommandEncoder) => void][] {
  const sized = ensureSizedBuffers(d);
  // Indirect from the gated sizes, or (gatedDispatch 'direct', see GpuOgcDetectionOptions) direct at each slot's
  // largest size, the kernels returning outside the size the gate and the sizing kernels wrote.
  const direct = d.options.gatedDispatch === 'direct';
  const gated = (pass: GPUComputePassEncoder, entryPoint: EntryPoint, slot: number): void => {
    if (!direct) {
      pass.setPipeline(d.pipelines[entryPoint]);
      pass.dispatchWorkgroupsIndirect(d.indirectBuffer, 12 * slot);
      return;
    }
    const [x, y] = [sized.largestSizes[3 * slot], sized.largestSizes[3 * slot + 1]];
    if (x === 0) return;
    pass.setPipeline(d.pipelines[entryPoint]);
    pass.dispatchWorkgroups(x, y);
  };
  const computePass = (encoder: GPUCommandEncoder, label: string, record: (pass: GPUComputePassEncoder) => void): void => {
    const pass = encoder.beginComputePass({ label });
    pass.setBindGroup(0, sized.bindGroup);
    record(pass);
    pass.end();
  };
  return [
    [
      'pointsAndBoxes',
      (encoder) => {
        if (gateEntry !== undefined) {
          encoder.clearBuffer(d.gateBuffer);
          encodeGate(d, encoder, gateEntry);
        }
        computePass(encoder, 'ogcDetection points and boxes', (pass) => {
          if (substepInputs) gated(pass, 'substepInputs', SLOT.points);
          gated(pass, 'contactPoints', SLOT.points);
          gated(pass, 'contactBoxes', SLOT.boxes);
        });
      },
    ],
    [
      'broadPhase',
      (encoder) => {
        sized.pointTable.encode(encoder, direct ? undefined : { buffer: d.indirectBuffer, offset: 12 * SLOT.pointTable });
        sized.edgeTable.encode(encoder, direct ? undefined : { buffer: d.indirectBuffer, offset: 12 * SLOT.edgeTable });
        // each table's entry total, for recordDetection
        encoder.copyBufferToBuffer(sized.pointTable.buckets, sized.pointTable.entriesTotalOffset, d.gateBuffer, 4 * GATE.pointTableEntries, 4);
        encoder.copyBufferToBuffer(sized.edgeTable.buckets, sized.edgeTable.entriesTotalOffset, d.gateBuffer, 4 * GATE.edgeTableEntries, 4);
      },
    ],
    [
      'pairs',
      (encoder) => {
        // The sizes the GPU computes go through a copy into the indirect buffer (a buffer bound as storage cannot be
        // read as indirect arguments in the same dispatch), between passes; direct dispatches read them in the kernels.
        computePass(encoder, 'ogcDetection pair sizes', (pass) => {
          gated(pass, 'clearDetection', SLOT.clear);
          gated(pass, 'sizePairDispatches', SLOT.single);
        });
        if (!direct) encoder.copyBufferToBuffer(d.dispatchBuffer, 0, d.indirectBuffer, 0, 24);
        computePass(encoder, 'ogcDetection contacts', (pass) => {
          gated(pass, 'pointTriangleContacts', SLOT.pointTriangle);
          gated(pass, 'edgeEdgeContacts', SLOT.edgeEdge);
          gated(pass, 'unaryContacts', SLOT.surface);
          gated(pass, 'pointLimits', SLOT.surface);
          gated(pass, 'sizeEntryDispatches', SLOT.single);
        });
        if (!direct) encoder.copyBufferToBuffer(d.dispatchBuffer, 24, d.indirectBuffer, 24, 12);
      },
    ],
    [
      'gatherLists',
      (encoder) => {
        computePass(encoder, 'ogcDetection gather lists', (pass) => {
          gated(pass, 'countEntries', SLOT.entries);
          gated(pass, 'scanEntries', SLOT.single);
          gated(pass, 'fillEntries', SLOT.entries);
          gated(pass, 'sortEntries', SLOT.vertices);
          gated(pass, 'recordDetection', SLOT.single);
        });
      },
    ],
  ];
}
