import { ensureSizedBuffers } from './ensureSizedBuffers.ts';
import { PARAMS_BYTES, type GpuOgcDetectionData } from './types.ts';

/** DetectionParams (ogcDetection.wgsl) with these per-call flags (FLAG_REFERENCE, …) and the capacities of the sized buffers. */
export function writeDetectionParams(d: GpuOgcDetectionData, callFlags: number): void {
  const o = d.options;
  const sized = ensureSizedBuffers(d);
  const params = new ArrayBuffer(PARAMS_BYTES);
  const words = new Uint32Array(params);
  const floats = new Float32Array(params);
  const T = d.triangles.length / 3;
  const E = d.edges.length / 2;
  words.set([
    d.surfacePointCount,
    d.pointCount,
    T,
    E,
    d.vertexCount,
    d.planeCount,
    d.capacity.contacts,
    d.capacity.entries,
    d.device.limits.maxComputeWorkgroupsPerDimension,
  ]);
  words[9] = ((o.selfContact ?? true) ? 1 : 0) | ((o.localRings ?? 0) > 0 ? 16 : 0) | callFlags;
  floats[10] = d.radius;
  floats[11] = d.queryRadius;
  floats[12] = o.stiffness;
  floats[13] = d.gammaP;
  const at = sized.at;
  words.set(
    [
      at.triangleBoxes,
      at.pointQueries,
      at.edgeBoxes,
      at.edgeQueries,
      at.pointOffsets,
      at.pointAnswers,
      at.edgeOffsets,
      at.edgeAnswers,
      d.capacity.pointAnswers,
      d.capacity.edgeAnswers,
    ],
    14,
  );
  d.device.queue.writeBuffer(d.paramsBuffer, 0, params);
  d.paramsFlags = callFlags;
}
