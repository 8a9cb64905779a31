import { triangleNormal } from '../geometry/index.ts';

/**
 * Bounding-volume hierarchy with the far-field data of the fast generalized winding number (Barill, Dickson,
 * Schmidt, Levin, Jacobson 2018, "Fast Winding Numbers for Soups and Clouds", §3–4): every node stores the
 * area-weighted normal sum N = ½ Σ (b − a) × (c − a) of its triangles (the first-order "dipole" coefficient),
 * the first moment M = Σ_t N_t ⊗ (c_t − p̃) (c_t the triangle centroids; exact, since a linear function
 * integrates to its centroid value), the second moment T_abc = Σ_t n_t,a ∫_t (y − p̃)_b (y − p̃)_c dA (by the
 * triangle formula ∫ d dᵀ = A/12·(Σ d_i d_iᵀ + (Σ d_i)(Σ d_i)ᵀ)), their area-weighted centroid p̃ and a
 * radius r bounding them around p̃. generalizedWindingNumber walks it.
 *
 * DESIGN NOTES
 * - Median split on the longest centroid-box axis, leaves of ≤ 8 triangles, nodes in depth-first order in
 *   flat typed arrays (no objects): build O(T log T).
 * - Zero-area triangles contribute nothing to the winding number and are left out of the tree.
 * - Moments are summed over the triangles at the leaves only; an inner node's are its children's moved to its own
 *   centre (δ = c_child − p̃: M += M′ + N′ ⊗ δ, T_a,bc += T′_a,bc + M′_ab δ_c + M′_ac δ_b + N′_a δ_b δ_c, as Barill et
 *   al. build theirs), equal to the direct sums up to rounding (1e-14 relative on the 25.7k-triangle test character,
 *   whose bakes are byte-identical either way, as are the sample's and Fox's); the direct sums at every level were the
 *   build's heaviest loop (there 37–40 → 27–32 ms, two runs each on a quiet machine).
 *
 * @param positions  #V×3 vertex positions [m], row-major
 * @param triangles  #T×3 vertex indices
 * @returns the tree
 */
export function windingNumberTree(positions: ArrayLike<number>, triangles: ArrayLike<number>): WindingNumberTree {
  const triangleCount = Math.floor(triangles.length / 3);
  const centroid = new Float64Array(3 * triangleCount);
  const areaNormal = new Float64Array(3 * triangleCount);
  const items: number[] = [];
  const normal = new Float64Array(3);
  for (let t = 0; t < triangleCount; t++) {
    const a = triangles[3 * t];
    const b = triangles[3 * t + 1];
    const c = triangles[3 * t + 2];
    const n = triangleNormal(positions, a, b, c, normal);
    const nx = 0.5 * n[0];
    const ny = 0.5 * n[1];
    const nz = 0.5 * n[2];
    areaNormal[3 * t] = nx;
    areaNormal[3 * t + 1] = ny;
    areaNormal[3 * t + 2] = nz;
    for (let k = 0; k < 3; k++) centroid[3 * t + k] = (positions[3 * a + k] + positions[3 * b + k] + positions[3 * c + k]) / 3;
    if (nx * nx + ny * ny + nz * nz > 0) items.push(t);
  }
  const order = Int32Array.from(items);
  const maxNodes = Math.max(1, 2 * Math.ceil(order.length / LEAF_SIZE) + 1) * 2;
  const tree: WindingNumberTree = {
    positions,
    triangles,
    nodeCount: 0,
    first: new Int32Array(maxNodes),
    count: new Int32Array(maxNodes),
    right: new Int32Array(maxNodes),
    center: new Float64Array(3 * maxNodes),
    normal: new Float64Array(3 * maxNodes),
    moment: new Float64Array(9 * maxNodes),
    secondMoment: new Float64Array(18 * maxNodes),
    radius: new Float64Array(maxNodes),
    order,
  };
  if (order.length > 0) build(tree, centroid, areaNormal, 0, order.length);
  return tree;
}

/** The flat tree; nodes in depth-first order, left child of node i is i + 1. */
export interface WindingNumberTree {
  positions: ArrayLike<number>;
  triangles: ArrayLike<number>;
  nodeCount: number;
  /** #nodes first index into `order` */
  first: Int32Array;
  /** #nodes triangle count (leaf when right[i] is -1) */
  count: Int32Array;
  /** #nodes right child, -1 for leaves */
  right: Int32Array;
  /** #nodes×3 area-weighted centroid p̃ [m] */
  center: Float64Array;
  /** #nodes×3 Σ area·normal N [m²] */
  normal: Float64Array;
  /** #nodes×9 second moment M_ab = Σ_t N_t,a (c_t − p̃)_b [m³], row-major */
  moment: Float64Array;
  /** #nodes×18 second moment T_abc, as three symmetric 3×3 (a = 0..2) of 6 entries bb', order xx yy zz xy xz yz [m⁴] */
  secondMoment: Float64Array;
  /** #nodes max distance from p̃ to any vertex of the node's triangles [m] */
  radius: Float64Array;
  /** triangle indices (non-degenerate only), permuted so every node's are contiguous */
  order: Int32Array;
}

const LEAF_SIZE = 8;

function build(tree: WindingNumberTree, centroid: Float64Array, areaNormal: Float64Array, lo: number, hi: number): number {
  // The loops over the node's triangles are in nodeDipole, not here: with them inline, V8 compiled this recursive
  // function on the stack (on-stack replacement in the root's loop) before the code after the recursive calls had
  // run, and every such frame deoptimized on reaching it (1,725 deoptimizations in one warm-up and one bake of the
  // layered character; the build took 1.5% of that bake for 12k triangles).
  const node = tree.nodeCount++;
  tree.first[node] = lo;
  tree.count[node] = hi - lo;
  const dipole = nodeDipole(tree, centroid, areaNormal, lo, hi);
  const cx = dipole[0];
  const cy = dipole[1];
  const cz = dipole[2];
  const nx = dipole[3];
  const ny = dipole[4];
  const nz = dipole[5];
  const radiusSquared = dipole[6];
  const ex = dipole[7];
  const ey = dipole[8];
  const ez = dipole[9];
  tree.center[3 * node] = cx;
  tree.center[3 * node + 1] = cy;
  tree.center[3 * node + 2] = cz;
  tree.normal[3 * node] = nx;
  tree.normal[3 * node + 1] = ny;
  tree.normal[3 * node + 2] = nz;
  tree.radius[node] = Math.sqrt(radiusSquared);
  if (hi - lo <= LEAF_SIZE) {
    leafMoments(tree, centroid, areaNormal, node, lo, hi, cx, cy, cz);
    tree.right[node] = -1;
    return node;
  }
  const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
  const mid = (lo + hi) >> 1;
  selectByKey(tree.order, lo, hi, mid, centroid, axis);
  build(tree, centroid, areaNormal, lo, mid);
  tree.right[node] = build(tree, centroid, areaNormal, mid, hi);
  // An inner node's moments from its children's, moved to its own centre (what the direct sums over its triangles
  // give, up to rounding; those sums at every level made the build O(n log n) in its heaviest loop).
  shiftedMoments(tree, node, node + 1);
  shiftedMoments(tree, node, tree.right[node]);
  return node;
}

/**
 * The dipole data of triangles order[lo, hi): area-weighted centroid, summed area normal, the squared radius about
 * the centroid, the centroids' bounding-box extent; into `dipoleScratch` (cx cy cz, nx ny nz, r², ex ey ez).
 */
function nodeDipole(tree: WindingNumberTree, centroid: Float64Array, areaNormal: Float64Array, lo: number, hi: number): Float64Array {
  const { order, positions, triangles } = tree;
  // Dipole data: area-weighted centroid and summed area normal.
  let area = 0;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  let minX = Infinity;
  let minY = Infinity;
  let minZ = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let maxZ = -Infinity;
  for (let k = lo; k < hi; k++) {
    const t = order[k];
    const ax = areaNormal[3 * t];
    const ay = areaNormal[3 * t + 1];
    const az = areaNormal[3 * t + 2];
    const a = Math.sqrt(ax * ax + ay * ay + az * az);
    area += a;
    cx += a * centroid[3 * t];
    cy += a * centroid[3 * t + 1];
    cz += a * centroid[3 * t + 2];
    nx += ax;
    ny += ay;
    nz += az;
    const x = centroid[3 * t];
    const y = centroid[3 * t + 1];
    const z = centroid[3 * t + 2];
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (z < minZ) minZ = z;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
    if (z > maxZ) maxZ = z;
  }
  cx /= area;
  cy /= area;
  cz /= area;
  let radiusSquared = 0;
  for (let k = lo; k < hi; k++) {
    const t = order[k];
    for (let corner = 0; corner < 3; corner++) {
      const v = 3 * triangles[3 * t + corner];
      const dx = positions[v] - cx;
      const dy = positions[v + 1] - cy;
      const dz = positions[v + 2] - cz;
      const d = dx * dx + dy * dy + dz * dz;
      if (d > radiusSquared) radiusSquared = d;
    }
  }
  const out = dipoleScratch;
  out[0] = cx;
  out[1] = cy;
  out[2] = cz;
  out[3] = nx;
  out[4] = ny;
  out[5] = nz;
  out[6] = radiusSquared;
  out[7] = maxX - minX;
  out[8] = maxY - minY;
  out[9] = maxZ - minZ;
  return out;
}

const dipoleScratch = new Float64Array(10);

/** A leaf's moments about its centre (cx, cy, cz), summed over its triangles. */
function leafMoments(
  tree: WindingNumberTree,
  centroid: Float64Array,
  areaNormal: Float64Array,
  node: number,
  lo: number,
  hi: number,
  cx: number,
  cy: number,
  cz: number,
): void {
  const { order, positions, triangles } = tree;
  const m = 9 * node;
  for (let k = lo; k < hi; k++) {
    const t = order[k];
    const dx = centroid[3 * t] - cx;
    const dy = centroid[3 * t + 1] - cy;
    const dz = centroid[3 * t + 2] - cz;
    for (let a = 0; a < 3; a++) {
      const n = areaNormal[3 * t + a];
      tree.moment[m + 3 * a] += n * dx;
      tree.moment[m + 3 * a + 1] += n * dy;
      tree.moment[m + 3 * a + 2] += n * dz;
    }
    // ∫_t d dᵀ dA / A = (Σ d_i d_iᵀ + s sᵀ) / 12 with d_i = v_i − p̃, s = Σ d_i.
    let sx = 0;
    let sy = 0;
    let sz = 0;
    let xx = 0;
    let yy = 0;
    let zz = 0;
    let xy = 0;
    let xz = 0;
    let yz = 0;
    for (let corner = 0; corner < 3; corner++) {
      const v = 3 * triangles[3 * t + corner];
      const ex = positions[v] - cx;
      const ey = positions[v + 1] - cy;
      const ez = positions[v + 2] - cz;
      sx += ex;
      sy += ey;
      sz += ez;
      xx += ex * ex;
      yy += ey * ey;
      zz += ez * ez;
      xy += ex * ey;
      xz += ex * ez;
      yz += ey * ez;
    }
    xx = (xx + sx * sx) / 12;
    yy = (yy + sy * sy) / 12;
    zz = (zz + sz * sz) / 12;
    xy = (xy + sx * sy) / 12;
    xz = (xz + sx * sz) / 12;
    yz = (yz + sy * sz) / 12;
    const second = 18 * node;
    for (let a = 0; a < 3; a++) {
      // N_t,a already carries the area: n_a·A·(…)/A.
      const n = areaNormal[3 * t + a];
      const o = second + 6 * a;
      tree.secondMoment[o] += n * xx;
      tree.secondMoment[o + 1] += n * yy;
      tree.secondMoment[o + 2] += n * zz;
      tree.secondMoment[o + 3] += n * xy;
      tree.secondMoment[o + 4] += n * xz;
      tree.secondMoment[o + 5] += n * yz;
    }
  }
}

/** The six (b, c) index pairs of a symmetric second moment, in storage order xx yy zz xy xz yz. */
const SECOND_MOMENT_PAIRS = [0, 0, 1, 1, 2, 2, 0, 1, 0, 2, 1, 2];

/**
 * Adds a child's moments, moved from its centre c to its parent's p̃ (δ = c − p̃, x − p̃ = (x − c) + δ):
 * M_ab += M′_ab + N′_a δ_b and T_a,bc += T′_a,bc + M′_ab δ_c + M′_ac δ_b + N′_a δ_b δ_c.
 */
function shiftedMoments(tree: WindingNumberTree, node: number, child: number): void {
  const { moment, secondMoment, center, normal } = tree;
  const d = [center[3 * child] - center[3 * node], center[3 * child + 1] - center[3 * node + 1], center[3 * child + 2] - center[3 * node + 2]];
  const m = 9 * node,
    mc = 9 * child;
  for (let a = 0; a < 3; a++) {
    const n = normal[3 * child + a];
    for (let b = 0; b < 3; b++) moment[m + 3 * a + b] += moment[mc + 3 * a + b] + n * d[b];
    for (let q = 0; q < 6; q++) {
      const b = SECOND_MOMENT_PAIRS[2 * q],
        c = SECOND_MOMENT_PAIRS[2 * q + 1];
      secondMoment[18 * node + 6 * a + q] +=
        secondMoment[18 * child + 6 * a + q] + moment[mc + 3 * a + b] * d[c] + moment[mc + 3 * a + c] * d[b] + n * d[b] * d[c];
    }
  }
}

/** Quickselect: puts the k-th smallest (by centroid[axis]) at index k, smaller before, larger after. */
function selectByKey(order: Int32Array, lo: number, hi: number, k: number, centroid: Float64Array, axis: number): void {
  let left = lo;
  let right = hi - 1;
  while (right > left) {
    const pivot = centroid[3 * order[(left + right) >> 1] + axis];
    let i = left;
    let j = right;
    while (i <= j) {
      while (centroid[3 * order[i] + axis] < pivot) i++;
      while (centroid[3 * order[j] + axis] > pivot) j--;
      if (i <= j) {
        const swap = order[i];
        order[i] = order[j];
        order[j] = swap;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else return;
  }
}
