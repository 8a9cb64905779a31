/**
 * An accessor's elements as tightly packed float32 values, with normalized integers decoded by the
 * glTF 2.0 rules (§3.11 "Animations" and §5.1.7 "accessor.normalized": c/127 clamped to -1 for
 * signed bytes, c/255 unsigned bytes, c/32767 clamped to -1 signed shorts, c/65535 unsigned shorts)
 * and non-normalized integers (KHR_mesh_quantization) taken at face value.
 */
import type { Accessor } from '@gltf-transform/core';

/**
 * An accessor's elements as float32, normalized integers decoded as glTF 2.0 §3.11 and §5.1.7 define (above).
 *
 * @param accessor  a glTF-Transform accessor (sparse values already applied by glTF-Transform)
 * @returns #count×elementSize float32 values, a new array the caller owns
 */
export function accessorFloats(accessor: Accessor): Float32Array {
  const array = accessor.getArray();
  if (!array) return new Float32Array(0);
  const out = new Float32Array(array.length);
  if (!accessor.getNormalized() || array instanceof Float32Array) {
    out.set(array);
    return out;
  }
  if (array instanceof Int8Array) for (let i = 0; i < array.length; i++) out[i] = Math.max(array[i] / 127, -1);
  else if (array instanceof Uint8Array) for (let i = 0; i < array.length; i++) out[i] = array[i] / 255;
  else if (array instanceof Int16Array) for (let i = 0; i < array.length; i++) out[i] = Math.max(array[i] / 32767, -1);
  else if (array instanceof Uint16Array) for (let i = 0; i < array.length; i++) out[i] = array[i] / 65535;
  else out.set(array);
  return out;
}
