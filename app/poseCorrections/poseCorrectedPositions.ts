import type { PoseCorrection } from '../document/index.ts';
import type { ArapModel } from '../solvers/arap/index.ts';
import { poseCorrectionWeight } from './poseCorrectionWeight.ts';
import { vertexRotation } from './vertexRotation.ts';

/**
 * The input surface with the keyed pose corrections active at a frame applied, before any simulation:
 *   out_v = positions_v + Σ_c a_c(frame) · R_v(frame) · offset_{c,v},
 * a_c the correction's ease (poseCorrectionWeight) and R_v the rotation of v's neighbourhood from rest to this
 * frame's pose (vertexRotation), so a correction made while the character faced one way is applied in the same
 * place on the body when it faces another (offsets are stored in the rest frame: R_v(key)ᵀ × the edit's
 * displacement, poseCorrectionFromEdit); at the key frame it reproduces the edit exactly. Vertices no active
 * correction touches are copied bit for bit. Pure: the result depends only on the arguments.
 *
 * @param model        spokes ARAP model of the mesh's welded rest shape (createArapModel({ restPositions, triangles }))
 * @param corrections  the project's corrections; those of other meshes or with no weight at this frame are skipped
 * @param mesh         this mesh's name
 * @param frame        frame at the project's frame rate
 * @param positions    #V×3 input positions at the frame (welded simulation vertices) [m]
 * @param out          #V×3 receives the corrected positions; may be the same array as positions
 * @returns the number of corrections applied
 * @throws RangeError when a correction names a vertex outside the mesh
 */
export function poseCorrectedPositions(
  model: ArapModel,
  corrections: readonly PoseCorrection[],
  mesh: string,
  frame: number,
  positions: ArrayLike<number>,
  out: Float32Array | Float64Array,
): number {
  const n = model.vertexCount;
  if (positions.length < 3 * n || out.length < 3 * n) throw new RangeError(`poseCorrectedPositions: positions and out need ${n}×3 numbers`);
  // Rotations first, from the uncorrected pose (out may alias positions).
  let applied = 0;
  let pending = 0;
  for (const correction of corrections) {
    if (correction.mesh !== mesh) continue;
    const weight = poseCorrectionWeight(correction, frame);
    if (weight === 0) continue;
    for (const v of correction.vertices)
      if (!(v >= 0 && v < n)) throw new RangeError(`poseCorrectedPositions: correction "${correction.id}" moves vertex ${v}, but "${mesh}" has ${n}`);
    pending += correction.vertices.length;
  }
  if (out !== positions) for (let i = 0; i < 3 * n; i++) out[i] = positions[i];
  if (pending === 0) return 0;
  if (_delta.length < 3 * n) {
    _delta = new Float64Array(3 * n);
    _mark = new Int32Array(n);
    _touched = new Int32Array(n);
    _rotations = new Float64Array(9 * n);
  }
  _stamp++;
  let touchedCount = 0;
  for (const correction of corrections) {
    if (correction.mesh !== mesh) continue;
    const weight = poseCorrectionWeight(correction, frame);
    if (weight === 0) continue;
    applied++;
    correction.vertices.forEach((v, k) => {
      if (_mark[v] !== _stamp) {
        _mark[v] = _stamp;
        _delta[3 * v] = 0;
        _delta[3 * v + 1] = 0;
        _delta[3 * v + 2] = 0;
        _touched[touchedCount++] = v;
      }
      _delta[3 * v] += weight * correction.offsets[3 * k];
      _delta[3 * v + 1] += weight * correction.offsets[3 * k + 1];
      _delta[3 * v + 2] += weight * correction.offsets[3 * k + 2];
    });
  }
  // R_v from the input pose, then out_v += R_v δ_v (out may alias positions: all rotations are read first).
  const rotations = _rotations;
  for (let i = 0; i < touchedCount; i++) {
    vertexRotation(model, positions, _touched[i], _covariance, _quaternion, _rotation);
    rotations.set(_rotation, 9 * i);
  }
  for (let i = 0; i < touchedCount; i++) {
    const v = _touched[i];
    const R = 9 * i;
    const dx = _delta[3 * v];
    const dy = _delta[3 * v + 1];
    const dz = _delta[3 * v + 2];
    out[3 * v] += rotations[R] * dx + rotations[R + 1] * dy + rotations[R + 2] * dz;
    out[3 * v + 1] += rotations[R + 3] * dx + rotations[R + 4] * dy + rotations[R + 5] * dz;
    out[3 * v + 2] += rotations[R + 6] * dx + rotations[R + 7] * dy + rotations[R + 8] * dz;
  }
  return applied;
}

let _delta = new Float64Array(0);
let _mark = new Int32Array(0);
let _stamp = 0;
let _touched = new Int32Array(0);
let _rotations = new Float64Array(0);
const _rotation = new Float64Array(9);
const _covariance = new Float64Array(9);
const _quaternion = new Float64Array(4);
