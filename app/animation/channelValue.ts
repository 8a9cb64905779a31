import type { ImportedChannel } from '../io/index.ts';

/**
 * The value of an animation channel at a time, as glTF 2.0 §3.11 ("Animations") and its Appendix C
 * ("Interpolation") define it:
 * - before the first key the first value holds, after the last key the last value holds;
 * - STEP: the value of the key at or before t;
 * - LINEAR: lerp, or for rotations slerp along the shorter arc (q and -q are the same rotation);
 * - CUBICSPLINE: the cubic Hermite spline
 *     p(s) = (2s³ − 3s² + 1) v_k + (s³ − 2s² + s) t_d b_k + (−2s³ + 3s²) v_{k+1} + (s³ − s²) t_d a_{k+1},
 *   s = (t − t_k) / t_d, t_d = t_{k+1} − t_k, b_k the out-tangent of key k, a_{k+1} the in-tangent of
 *   key k+1; rotations are normalized afterwards.
 *
 * @param channel  keyframe times #K [s], values #K×C (#K×3×C for CUBICSPLINE: in-tangent, value, out-tangent)
 * @param time     [s]
 * @param out      receives C values at outOffset
 * @param outOffset  first index written in out
 * @returns out
 */
export function channelValue(channel: ImportedChannel, time: number, out: Float64Array, outOffset = 0): Float64Array {
  const { times, values, componentCount: c, interpolation } = channel;
  const keyCount = times.length;
  const cubic = interpolation === 'CUBICSPLINE';
  const valueOffset = cubic ? c : 0;
  const keyStride = cubic ? 3 * c : c;
  if (keyCount === 1 || !(time > times[0])) return copyKey(values, valueOffset, c, out, outOffset);
  if (time >= times[keyCount - 1]) return copyKey(values, (keyCount - 1) * keyStride + valueOffset, c, out, outOffset);

  // times[k] <= time < times[k + 1]
  let low = 0;
  let high = keyCount - 1;
  while (high - low > 1) {
    const middle = (low + high) >>> 1;
    if (times[middle] <= time) low = middle;
    else high = middle;
  }
  const k = low;
  const td = times[k + 1] - times[k];
  if (interpolation === 'STEP' || td === 0) return copyKey(values, k * keyStride + valueOffset, c, out, outOffset);
  const s = (time - times[k]) / td;

  if (cubic) {
    const s2 = s * s;
    const s3 = s2 * s;
    const h00 = 2 * s3 - 3 * s2 + 1;
    const h10 = (s3 - 2 * s2 + s) * td;
    const h01 = -2 * s3 + 3 * s2;
    const h11 = (s3 - s2) * td;
    const key0 = k * keyStride;
    const key1 = key0 + keyStride;
    for (let i = 0; i < c; i++) {
      out[outOffset + i] = h00 * values[key0 + c + i] + h10 * values[key0 + 2 * c + i] + h01 * values[key1 + c + i] + h11 * values[key1 + i];
    }
    if (channel.path === 'rotation') normalizeQuaternion(out, outOffset);
    return out;
  }

  const key0 = k * c;
  const key1 = key0 + c;
  if (channel.path === 'rotation') return slerp(values, key0, key1, s, out, outOffset);
  for (let i = 0; i < c; i++) out[outOffset + i] = values[key0 + i] + s * (values[key1 + i] - values[key0 + i]);
  return out;
}

function copyKey(values: Float32Array, offset: number, c: number, out: Float64Array, outOffset: number): Float64Array {
  for (let i = 0; i < c; i++) out[outOffset + i] = values[offset + i];
  return out;
}

function normalizeQuaternion(q: Float64Array, o: number): void {
  const length = Math.hypot(q[o], q[o + 1], q[o + 2], q[o + 3]);
  if (length > 0) for (let i = 0; i < 4; i++) q[o + i] /= length;
}

/** Spherical linear interpolation of unit quaternions along the shorter arc (glTF 2.0 Appendix C). */
function slerp(values: Float32Array, a: number, b: number, s: number, out: Float64Array, o: number): Float64Array {
  const ax = values[a],
    ay = values[a + 1],
    az = values[a + 2],
    aw = values[a + 3];
  let bx = values[b],
    by = values[b + 1],
    bz = values[b + 2],
    bw = values[b + 3];
  if (ax === bx && ay === by && az === bz && aw === bw) {
    // slerp(q, q, s) = q; copied bit-exactly, so a slightly non-unit key (SimpleSkin.gltf has |q| = 1.0002)
    // is held as given, as three.js does, rather than renormalized by the branch below.
    out[o] = ax;
    out[o + 1] = ay;
    out[o + 2] = az;
    out[o + 3] = aw;
    return out;
  }
  let dot = ax * bx + ay * by + az * bz + aw * bw;
  if (dot < 0) {
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
    dot = -dot;
  }
  let wa: number;
  let wb: number;
  if (dot < 0.9995) {
    const angle = Math.acos(dot);
    const sine = Math.sin(angle);
    wa = Math.sin((1 - s) * angle) / sine;
    wb = Math.sin(s * angle) / sine;
  } else {
    // Nearly equal: sin(angle) → 0 makes the ratio ill-conditioned, and lerp + normalize is as accurate.
    wa = 1 - s;
    wb = s;
  }
  out[o] = wa * ax + wb * bx;
  out[o + 1] = wa * ay + wb * by;
  out[o + 2] = wa * az + wb * bz;
  out[o + 3] = wa * aw + wb * bw;
  if (dot >= 0.9995) normalizeQuaternion(out, o);
  return out;
}
