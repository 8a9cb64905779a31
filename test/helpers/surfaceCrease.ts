// A crease on a baked surface, measured apart from the intended (smooth) deformation: the jump of the displacement
// field's cross-edge slope over every interior edge of a triangle mesh (its second difference across the edge).
//
// For each edge (a, b) between triangles (a, b, c) and (b, a, d), the displacement d = output − input is sampled at
// c and at the foot of c on the line ab (linear along the edge) and divided by c's distance to that line: the slope
// of d leaving the edge into the first triangle; likewise into the second. On a displacement that is smooth across
// the edge the two slopes cancel (one is minus the other) up to h·|∇²d|, h the edge's size; where the field has a
// kink (a C⁰ interpolation over tets bent by the simulation, a rotation that jumps from one vertex to the next) they
// do not, whatever the edge's length: kink = |g₁ + g₂|, dimensionless (metres per metre).
// A uniform squash or stretch, a rigid motion and any affine displacement give 0 on every edge; a bulge of
// wavelength λ and amplitude A gives about A·h/λ², small beside a fold.

/** Per-frame crease statistics of a displacement field over a mesh's interior edges. */
export interface SurfaceCrease {
  /** root mean square kink over the interior edges */
  rms: number;
  /** 99th percentile */
  p99: number;
  /** largest kink */
  max: number;
  /** the edge (a, b) of the largest kink, for messages */
  worstEdge: [number, number];
}

/** #E×4 (a, b, c, d) of every interior edge used by exactly two triangles that agree on its orientation. */
export function interiorEdges(triangles: ArrayLike<number>): Int32Array {
  const sides = new Map<number, number[]>();
  const vertexCount = Math.max(...Array.from(triangles)) + 1;
  for (let t = 0; t < triangles.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = triangles[t + k];
      const b = triangles[t + ((k + 1) % 3)];
      const c = triangles[t + ((k + 2) % 3)];
      const key = Math.min(a, b) * vertexCount + Math.max(a, b);
      const list = sides.get(key);
      if (list) list.push(a, b, c);
      else sides.set(key, [a, b, c]);
    }
  }
  const out: number[] = [];
  for (const list of sides.values()) if (list.length === 6 && list[0] === list[4] && list[1] === list[3]) out.push(list[0], list[1], list[2], list[5]);
  return Int32Array.from(out);
}

/**
 * The kink of the displacement output − input over each interior edge (see the file's header).
 * @param edges   #E×4 from interiorEdges
 * @param input   #V×3 input positions [m] (the reference: the animated surface)
 * @param output  #V×3 output positions [m]
 * @returns #E kinks (dimensionless)
 */
export function displacementKinks(edges: Int32Array, input: ArrayLike<number>, output: ArrayLike<number>): Float64Array {
  const count = edges.length / 4;
  const kinks = new Float64Array(count);
  const first = [0, 0, 0];
  const second = [0, 0, 0];
  for (let e = 0; e < count; e++) {
    const a = edges[4 * e];
    const b = edges[4 * e + 1];
    slopeInto(input, output, a, b, edges[4 * e + 2], first);
    slopeInto(input, output, a, b, edges[4 * e + 3], second);
    kinks[e] = Math.hypot(first[0] + second[0], first[1] + second[1], first[2] + second[2]);
  }
  return kinks;
}

/** rms, 99th percentile and max of displacementKinks. */
export function surfaceCrease(edges: Int32Array, input: ArrayLike<number>, output: ArrayLike<number>): SurfaceCrease {
  const kinks = displacementKinks(edges, input, output);
  let squares = 0;
  let worst = 0;
  for (let e = 0; e < kinks.length; e++) {
    squares += kinks[e] * kinks[e];
    if (kinks[e] > kinks[worst]) worst = e;
  }
  const sorted = Float64Array.from(kinks).sort();
  return {
    rms: Math.sqrt(squares / Math.max(1, kinks.length)),
    p99: sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] : 0,
    max: kinks.length ? kinks[worst] : 0,
    worstEdge: [edges[4 * worst], edges[4 * worst + 1]],
  };
}

/** Slope of the displacement from the edge (a, b) towards c, per unit distance from the edge's line. */
function slopeInto(p: ArrayLike<number>, q: ArrayLike<number>, a: number, b: number, c: number, out: number[]): void {
  const ex = p[3 * b] - p[3 * a];
  const ey = p[3 * b + 1] - p[3 * a + 1];
  const ez = p[3 * b + 2] - p[3 * a + 2];
  const cx = p[3 * c] - p[3 * a];
  const cy = p[3 * c + 1] - p[3 * a + 1];
  const cz = p[3 * c + 2] - p[3 * a + 2];
  const s = (cx * ex + cy * ey + cz * ez) / (ex * ex + ey * ey + ez * ez);
  const h = Math.hypot(cx - s * ex, cy - s * ey, cz - s * ez);
  for (let k = 0; k < 3; k++) {
    const da = q[3 * a + k] - p[3 * a + k];
    const db = q[3 * b + k] - p[3 * b + k];
    const dc = q[3 * c + k] - p[3 * c + k];
    out[k] = h > 0 ? (dc - (da + s * (db - da))) / h : 0;
  }
}

/**
 * The displacement's curvature at the scale of a lattice cell: per vertex v, |mean of d over the surface points within r
 * of v (its own piece) − d_v| / r² [1/m], d = output − input. An affine field gives 0; a smooth bulge of amplitude A and
 * wavelength λ ≥ r about A/λ²; a fold narrower than r (the lattice's rim against pinned cells) concentrates it there.
 * A crease where soft meets rigid is then told from a legitimate squash by where the curvature is: crease ratio = its
 * 99th percentile on the rim (vertices with a pinned vertex, w < pinnedWeight, and a free one within r) over its 99th
 * percentile inside the soft region (w ≥ softWeight, no pinned vertex within r), frames pooled (rimCurvatureRatio).
 */
export interface RimCurvature {
  /** per vertex, the other vertices of its piece within r (rest positions), built once */
  neighbours: Int32Array[];
  /** the cell-scale radius [m] */
  radius: number;
  /** curvature samples on the rim and inside the soft region, pooled over the frames added */
  rim: number[];
  soft: number[];
}

/** Neighbourhoods of radius r over a welded surface's rest positions, within each connected piece. */
export function rimCurvature(rest: ArrayLike<number>, componentOfVertex: ArrayLike<number>, radius: number): RimCurvature {
  const count = rest.length / 3;
  const neighbours: Int32Array[] = [];
  for (let v = 0; v < count; v++) {
    const list: number[] = [];
    for (let u = 0; u < count; u++) {
      if (componentOfVertex[u] !== componentOfVertex[v]) continue;
      if (Math.hypot(rest[3 * u] - rest[3 * v], rest[3 * u + 1] - rest[3 * v + 1], rest[3 * u + 2] - rest[3 * v + 2]) < radius) list.push(u);
    }
    neighbours.push(Int32Array.from(list));
  }
  return { neighbours, radius, rim: [], soft: [] };
}

/**
 * Adds one frame's curvature samples (see RimCurvature; pinnedWeight 0.05 is the surface guard's, below which the
 * output is ramped onto the input).
 */
export function addRimCurvature(
  measure: RimCurvature,
  weights: ArrayLike<number>,
  input: ArrayLike<number>,
  output: ArrayLike<number>,
  softWeight = 0.3,
  pinnedWeight = 0.05,
): void {
  const r2 = measure.radius * measure.radius;
  measure.neighbours.forEach((list, v) => {
    let pinned = false;
    let free = false;
    for (const u of list) {
      if (weights[u] < pinnedWeight) pinned = true;
      else free = true;
    }
    const rim = pinned && free;
    if (!rim && !(weights[v] >= softWeight && !pinned)) return;
    let mx = 0;
    let my = 0;
    let mz = 0;
    for (const u of list) {
      mx += output[3 * u] - input[3 * u];
      my += output[3 * u + 1] - input[3 * u + 1];
      mz += output[3 * u + 2] - input[3 * u + 2];
    }
    const n = list.length;
    const value =
      Math.hypot(mx / n - (output[3 * v] - input[3 * v]), my / n - (output[3 * v + 1] - input[3 * v + 1]), mz / n - (output[3 * v + 2] - input[3 * v + 2])) /
      r2;
    (rim ? measure.rim : measure.soft).push(value);
  });
}

/** The crease ratio of the samples added: the rim's 99th percentile over the soft region's (see RimCurvature). */
export function rimCurvatureRatio(measure: RimCurvature): { ratio: number; rim: number; soft: number } {
  const p99 = (values: number[]): number => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.floor(0.99 * (sorted.length - 1))] : 0;
  };
  const rim = p99(measure.rim);
  const soft = p99(measure.soft);
  return { ratio: soft > 0 ? rim / soft : rim > 0 ? Infinity : 0, rim, soft };
}
