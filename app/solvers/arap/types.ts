/**
 * Types of as-rigid-as-possible shape editing (seed 004 ch. 3; Sorkine & Alexa 2007): the immutable energy model,
 * handles, the points that can touch colliders, the contact list colliders fill, and the collider hook that the
 * contact module's meshes and self-contact plug into.
 *
 * Positions are row-major #V×3 in metres. The energy of every variant is written, as in seed 004 App. A (Eq. A.1),
 *   E(p, R) = ½·tr(pᵀLp) − Σ_k tr(R_kᵀ·pᵀB_k) + c,
 * L the n×n Laplacian, R_k one rotation per rotation group k and B_k (n×3, sparse) the group's rest-edge matrix:
 * the local step fits R_k = argmax tr(R_kᵀ S_k) with S_k = pᵀB_k (closestRotation), the global step solves
 * L·p = b, b = Σ_k B_k R_kᵀ, under the handle and contact constraints of seed 004 Eq. 3.1.
 */
import type { CscMatrix } from '../../math/sparse/index.ts';

/** Which rotations the energy has: one per vertex (Sorkine–Alexa spokes) or one per tetrahedron (corotated, λ = 0). */
export type ArapRotationKind = 'vertex' | 'element';

/** What createArapModel builds a model from. */
export interface ArapModelDescription {
  /** #V×3 rest positions [m]: the shape being edited */
  restPositions: ArrayLike<number>;
  /** #F×3 triangles: surface ARAP (cotangent spokes, per-vertex rotations) unless tetrahedra are given */
  triangles?: ArrayLike<number>;
  /** #T×4 tetrahedra: volumetric ARAP */
  tetrahedra?: ArrayLike<number>;
  /** 'vertex' (default for triangles) or 'element' (default for tetrahedra; tetrahedra only) */
  rotations?: ArapRotationKind;
}

/** The immutable ARAP energy: everything that depends only on the rest shape. */
export interface ArapModel {
  readonly vertexCount: number;
  /** #V×3 rest positions p̄ [m] */
  readonly restPositions: Float64Array;
  /** L, #V×#V symmetric positive semidefinite (constants in its null space), full pattern [dimensionless·m for tets, 1 for spokes] */
  readonly laplacian: CscMatrix;
  readonly rotations: ArapRotationKind;
  /** K, the number of rotation groups (vertices or tets) */
  readonly rotationCount: number;
  /** #K+1 offsets into groupVertices */
  readonly groupOffsets: Int32Array;
  /** vertex m of each nonzero row of B_k */
  readonly groupVertices: Int32Array;
  /** 3 numbers per entry: row m of B_k */
  readonly groupCoefficients: Float64Array;
  /** c, so that E(p̄, I) = 0 */
  readonly restEnergy: number;
  /** #V lumped vertex masses (area for surfaces [m²], volume for tets [m³]); the M of seed 004 Eq. 3.9 */
  readonly vertexMasses: Float64Array;
  /** #V connected component of each vertex (through the elements) */
  readonly componentOf: Int32Array;
  readonly componentCount: number;
  /** #E×2 element edges (vertex pairs sharing a triangle or tet), each once: the semi-geodesic graph of seed 004 §3.4.2 */
  readonly edges: Int32Array;
  /** bounding-box diagonal of the rest shape [m], the length scale of tolerances */
  readonly size: number;
}

/**
 * One handle: vertices moved by one affine map of their rest positions (a rigid motion from the gizmo, or a
 * translation). Vertices in several handles get the mean of their targets.
 */
export interface ArapHandle {
  /** solver vertex indices */
  vertices: ArrayLike<number>;
  /** 16 numbers, column-major 4×4 affine map applied to rest positions (glTF's convention) */
  matrix: ArrayLike<number>;
}

/**
 * The points that can touch colliders, each a fixed combination of solver vertices: the vertices themselves for
 * surface ARAP, each surface vertex's tet and barycentric weights for ARAP on a lattice embedding (seed 004
 * §3.5.1: "any set of points sampling the surface").
 */
export interface ArapContactPoints {
  readonly count: number;
  /** #P+1 offsets into vertices/weights */
  readonly offsets: Int32Array;
  readonly vertices: Int32Array;
  readonly weights: Float64Array;
}

/**
 * A growable list of unilateral contact constraints, one row of seed 004 Eq. 3.1's C each:
 *   external (Eq. 3.20–3.21): n·x_p ≥ offset;
 *   self (Eq. 3.22–3.23):     n·(x_p − Σ_i w_i x_{q_i}) ≥ offset (offset 0, q the points of the other triangle).
 * Written by colliders in detect(); createContactList / pushContact manage the storage.
 */
export interface ArapContactList {
  count: number;
  /** contact point p of each contact */
  point: Int32Array;
  /** 3 per contact: unit normal n, pointing to the free side */
  normal: Float64Array;
  /** the right-hand side of the constraint [m] */
  offset: Float64Array;
  /** 3 per contact: the other side's points q_i, −1 where unused (external contacts) */
  otherPoints: Int32Array;
  /** 3 per contact: their weights w_i */
  otherWeights: Float64Array;
  /** signed distance n·(x_p − …) − offset at detection [m] (negative: penetrating) */
  distance: Float64Array;
  /** which collider found it (index in the solver's collider list; set by the solver) */
  collider: Int32Array;
}

/**
 * Something the mesh must not pass through: analytic planes now; collider meshes and self-contact through the
 * proximity search of app/contact. detect() appends a contact for every contact point closer than `margin` to the
 * collider's surface or inside it (signed distance < margin), with the normal and offset of the plane the point may
 * slide on (seed 004 §3.5.2: sliding constraints, not pinning to the closest point).
 */
export interface ArapCollider {
  /**
   * @param points    #P×3 current contact-point positions [m]
   * @param margin    report points whose signed distance is below this [m]
   * @param contacts  list to append to (pushContact)
   */
  detect(points: Float64Array, margin: number, contacts: ArapContactList): void;
  /** starts an edit at these point positions: what the mesh looked like before it (default: nothing to remember) */
  begin?(points: Float64Array): void;
  /**
   * Intersections at these positions that the mesh did not have at begin(), and the points taking part: an edit must
   * end with none (arapEdit). Default: the points detect() reports at margin 0 (inside the collider).
   */
  newIntersections?(points: Float64Array): { count: number; points: Int32Array };
  /**
   * The points are here now without having moved along a path (the Pose tool's release switching from the reduced
   * solution to full space, every handle vertex put on its target): what the collider remembers of their paths since
   * the last detection (crossings, entered triangles) starts again from these positions. Default: nothing to forget.
   */
  rebase?(points: Float64Array): void;
}
