import { triangleNormal } from './triangleNormal.ts';
import { hypot3 } from '../math/index.ts';

/**
 * Area-weighted vertex normals of a triangle mesh (the sum of the adjacent triangles' (b − a) × (c − a),
 * normalized: each face counts with its area, as three.js's computeVertexNormals and Blender's smooth shading
 * without angle weighting do), optionally shared within smoothing groups: a vertex's normal is then the
 * normalized sum over every triangle touching any vertex of its group, so seams (UV splits) stay smooth while
 * split normals (hard edges, separate groups) stay split. A triangle soup gets flat normals.
 *
 * Sums are accumulated in float64 whatever the output type.
 *
 * @param positions    #V×3 vertex positions [m], row-major (may be longer; only the first #V are read)
 * @param triangles    #F×3 vertex indices (each < #V)
 * @param vertexCount  #V
 * @param out          #V×3 receives unit normals (zero where no non-degenerate triangle touches the vertex/group)
 * @param groups       #V smoothing-group id per vertex (ids in [0, #V)); null: every vertex is its own group
 * @param sums         #V×3 float64 scratch for the per-group sums; allocated when omitted (pass one on per-frame paths)
 * @returns out
 */
export function vertexNormals<T extends Float32Array | Float64Array>(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  vertexCount: number,
  out: T,
  groups: ArrayLike<number> | null = null,
  sums: Float64Array = new Float64Array(3 * vertexCount),
): T {
  sums.fill(0, 0, 3 * vertexCount);
  const n = _normal;
  for (let t = 0; t + 2 < triangles.length; t += 3) {
    const a = triangles[t];
    const b = triangles[t + 1];
    const c = triangles[t + 2];
    triangleNormal(positions, a, b, c, n);
    const ga = 3 * (groups ? groups[a] : a);
    const gb = 3 * (groups ? groups[b] : b);
    const gc = 3 * (groups ? groups[c] : c);
    sums[ga] += n[0];
    sums[ga + 1] += n[1];
    sums[ga + 2] += n[2];
    sums[gb] += n[0];
    sums[gb + 1] += n[1];
    sums[gb + 2] += n[2];
    sums[gc] += n[0];
    sums[gc + 1] += n[1];
    sums[gc + 2] += n[2];
  }
  for (let v = 0; v < vertexCount; v++) {
    const g = 3 * (groups ? groups[v] : v);
    const x = sums[g];
    const y = sums[g + 1];
    const z = sums[g + 2];
    const length = hypot3(x, y, z);
    const scale = length > 0 ? 1 / length : 0;
    out[3 * v] = x * scale;
    out[3 * v + 1] = y * scale;
    out[3 * v + 2] = z * scale;
  }
  return out;
}

const _normal = new Float64Array(3);
