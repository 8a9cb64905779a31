/**
 * The Pose tool's ARAP solver for one drag (issue 12 §5: "the mesh follows every frame while dragging; contacts and
 * active local bases can be shown"): full-space ARAP (createFullArapSolver) on small meshes, where it is fast and
 * exact, and Li's hierarchical reduced ARAP (seed 004 ch. 3; reducedArapBasis + createReducedArapSolver) on big
 * ones, behind one interface, with the same contact sources.
 *
 * DESIGN NOTES
 * - The reduced subspace does not hold the pose being edited exactly: p = U·v with U = [W_g | local bases] holds
 *   constants and linear functions, not a character's shape (on the generated character, 3.3k vertices, U·v at the
 *   manipulators' positions was 4% of the size off the input, and the subspace's own rest solution drifted further).
 *   A drag must not make the mesh jump, so the tool shows p = input + U·(v − v₀), v₀ the subspace's solution with the
 *   handles where they start (converged at the begin): the deformation is the reduced solver's, the detail the
 *   input's, and a drag of zero leaves the input exactly as it was. In the solver's own coordinates that is
 *   p_solver + δ with δ = input − U·v₀ constant, so colliders see the shown positions through shiftedCollider (each
 *   contact's right-hand side moved by n·δ).
 * - The release leaves the subspace (fullSpace()): the reduced result warm-starts a full-space solver whose handles
 *   are hard, and the worker's end check (intersectionFreeEnd) runs on those full-space positions. Ending in the
 *   subspace left the fixed handle 1.5% of the size off and the test bar folded through itself (42 self-crossings,
 *   invisible to the block's end check).
 * - Handles: the moving handle is one handle group with detail (the local bases on its cells' paths to the root stay
 *   active for the whole edit); the fixed handle is one group per connected component without detail. Detail over
 *   the fixed handle (most of the mesh) made r ≈ 1,900 and a drag event 100 ms at 12.8k vertices; one group over
 *   several components (the character's body and eyes) left an eye free to drift, held only by the whole group's
 *   affine moments.
 * - The subspace (hierarchy, global basis) is built once per mesh on its rest shape and shared by every pose
 *   (reducedArapBasis's subspaceOf): only the energy of the pose is projected at a begin.
 */
import {
  type ArapCollider,
  type ArapContactList,
  type ArapContactPoints,
  type ArapModel,
  contactPointPositions,
  createArapState,
  createFullArapSolver,
  createReducedArapSolver,
  type ReducedArapBasis,
  reducedArapBasis,
  setContact,
  vertexContactPoints,
} from '../../app/solvers/arap/index.ts';
import type { ArapBasisReport } from './protocol.ts';

/** One drag's solver: full space or reduced. */
export interface PoseSolver {
  readonly kind: 'full' | 'reduced';
  /** #H distinct handle vertices, increasing: the order of setHandleTargets */
  readonly handleVertices: Int32Array;
  readonly contactPoints: ArapContactPoints;
  /** the distance kept from colliders [scene units] */
  readonly contactSkin: number;
  /** #V×3 the edited positions, as of the last sync() [scene units] */
  readonly positions: Float64Array;
  /** #H×3 targets in handleVertices order [scene units] */
  setHandleTargets(targets: ArrayLike<number>): void;
  /** one local/global iteration (reduced: in the subspace; positions are brought up to date by sync) */
  iterate(): void;
  /** brings positions up to date with the last iteration */
  sync(): void;
  /** the contacts given a row in the last iteration (owned by the solver; read before the next iterate) */
  contacts(): ArapContactList;
  /** the working basis (null in full space) */
  bases(): ArapBasisReport | null;
  /**
   * The same edit in full space for the release (this solver itself when it is the full-space one): the handles
   * (moving and fixed) are Dirichlet conditions at the current targets, so they are met exactly, and the state starts
   * from the current positions (the reduced drag's result), so a few iterations polish rather than redo the edit.
   * Its colliders are the ones given to poseSolver, unshifted: full-space positions are the shown ones.
   */
  fullSpace(): PoseSolver;
}

/** Where the reduced solver's start converges: at most this many iterations, stopping when a step moves < 1e-6 of the size. */
const START_ITERATIONS = 60;
const START_CHECK_EVERY = 5;

/**
 * @param model     the spokes ARAP model of the pose being edited (its rest shape is the input) [scene units]
 * @param moving    the moving handle's vertices
 * @param fixed     the fixed handle's vertices
 * @param colliders the contact sources, begun on the input
 * @param subspace  a reduced basis of the same mesh (its rest shape) to share the subspace of: reduced ARAP; null:
 *                  full space
 * @returns the solver, its handles at the input
 */
export function poseSolver(model: ArapModel, moving: Int32Array, fixed: Int32Array, colliders: ArapCollider[], subspace: ReducedArapBasis | null): PoseSolver {
  const n = model.vertexCount;
  const input = model.restPositions;
  const points = vertexContactPoints(n);
  const handles = new Int32Array(moving.length + fixed.length);
  handles.set(moving);
  handles.set(fixed, moving.length);
  if (!subspace) return fullPoseSolver(model, handles, colliders, points, input, null);

  const basis = reducedArapBasis(model, { subspaceOf: subspace });
  const groups: number[][] = [Array.from(moving)];
  const byComponent = new Map<number, number[]>();
  for (const v of fixed) {
    const component = model.componentOf[v];
    let list = byComponent.get(component);
    if (!list) byComponent.set(component, (list = []));
    list.push(v);
  }
  groups.push(...byComponent.values());
  const pointShift = new Float64Array(3 * points.count);
  let shifting = false;
  const held = new Uint8Array(n);
  for (const v of moving) held[v] = 1;
  for (const v of fixed) held[v] = 1;
  const shifted = colliders.map((collider) => shiftedCollider(collider, pointShift, held, () => shifting));
  const solver = createReducedArapSolver(basis, groups, { colliders: shifted, contactPoints: points, handleDetail: [0] });
  const targets = new Float64Array(3 * solver.handleVertices.length);
  solver.handleVertices.forEach((v, h) => targets.set(input.subarray(3 * v, 3 * v + 3), 3 * h));
  solver.setHandleTargets(targets);
  solver.reset(input);
  // v₀: the subspace's solution with the handles at the input (the colliders stay silent: δ is not known yet).
  const positions = new Float64Array(3 * n);
  const previous = new Float64Array(3 * n);
  solver.positions(previous);
  for (let i = 1; i <= START_ITERATIONS; i++) {
    solver.iterate();
    if (i % START_CHECK_EVERY !== 0) continue;
    solver.positions(positions);
    let change = 0;
    for (let k = 0; k < 3 * n; k++) change = Math.max(change, Math.abs(positions[k] - previous[k]));
    previous.set(positions);
    if (change < 1e-6 * model.size) break;
  }
  solver.positions(positions);
  const shift = new Float64Array(3 * n);
  for (let k = 0; k < 3 * n; k++) shift[k] = input[k] - positions[k];
  contactPointPositions(points, shift, pointShift);
  positions.set(input);
  shifting = true;
  const { hierarchy, globalCount } = basis;
  const handleGroups = new Set(solver.activeGroups);
  return {
    kind: 'reduced',
    handleVertices: solver.handleVertices,
    contactPoints: points,
    contactSkin: solver.contactSkin,
    positions,
    setHandleTargets(values) {
      targets.set(values);
      solver.setHandleTargets(values);
    },
    iterate: () => void solver.iterate(),
    sync() {
      solver.positions(positions);
      for (let k = 0; k < 3 * n; k++) positions[k] += shift[k];
    },
    contacts: () => solver.contacts(),
    fullSpace: () => fullPoseSolver(model, handles, colliders, points, positions, { vertices: solver.handleVertices, targets }),
    bases() {
      const perLevel: number[] = [];
      let local = 0;
      let contact = 0;
      for (const node of solver.activeGroups) {
        const count = hierarchy.childOffsets[node + 1] - hierarchy.childOffsets[node];
        const level = hierarchy.nodeLevel[node] + 1;
        while (perLevel.length < level) perLevel.push(0);
        perLevel[level - 1] += count;
        local += count;
        if (!handleGroups.has(node)) contact += count;
      }
      return { global: globalCount, local, contact, perLevel };
    },
  };
}

/**
 * The full-space variant: createFullArapSolver with the handles eliminated (exact), on a state starting at `start`.
 * `held` (another solver's handle vertices and their #H×3 targets, in its order; null: the handles where `start` has
 * them) is set at once, reordered to this solver's handleVertices.
 */
function fullPoseSolver(
  model: ArapModel,
  handles: Int32Array,
  colliders: ArapCollider[],
  points: ArapContactPoints,
  start: Float64Array,
  held: { vertices: Int32Array; targets: Float64Array } | null,
): PoseSolver {
  // The tool never reads the energy: only the rotations the global step reads are fitted (the same positions).
  const solver = createFullArapSolver(model, handles, { colliders, contactPoints: points, freeGroupsOnly: true });
  const state = createArapState(model, start);
  const targets = new Float64Array(3 * solver.handleVertices.length);
  const slot = new Int32Array(model.vertexCount).fill(-1);
  if (held) held.vertices.forEach((v, h) => (slot[v] = h));
  solver.handleVertices.forEach((v, h) => {
    const from = held ? held.targets : start;
    const at = held ? slot[v] : v;
    if (at < 0) throw new RangeError(`poseSolver: handle vertex ${v} has no target in the reduced solver`);
    for (let c = 0; c < 3; c++) targets[3 * h + c] = from[3 * at + c];
  });
  solver.setHandleTargets(targets);
  if (held) {
    // From the subspace: the handles go onto their targets now (the subspace held the fixed one only by its moments,
    // up to 19 cm off on the layered character at 23k vertices), and the colliders forget the paths since their last
    // detection: that jump is no motion, and as a path it crossed the body's triangles, so the first full-space
    // detection pressed held arm vertices "back" through them (entered rows with deficits of 17–69 cm, which only
    // the free body could meet: the release took 45 s and the end check pulled 6,419 points back).
    solver.handleVertices.forEach((v, h) => {
      for (let c = 0; c < 3; c++) state.positions[3 * v + c] = targets[3 * h + c];
    });
    const at = new Float64Array(3 * points.count);
    contactPointPositions(points, state.positions, at);
    for (const collider of colliders) collider.rebase?.(at);
  }
  const self: PoseSolver = {
    kind: 'full',
    handleVertices: solver.handleVertices,
    contactPoints: points,
    contactSkin: solver.contactSkin,
    positions: state.positions,
    setHandleTargets: (values) => solver.setHandleTargets(values),
    iterate: () => void solver.iterate(state),
    sync: () => undefined,
    contacts: () => solver.contacts(),
    bases: () => null,
    fullSpace: () => self,
  };
  return self;
}

/**
 * A collider seen from the reduced solver's coordinates: it is handed p_solver and searches at p_solver + δ (the
 * positions shown), and each contact's right-hand side moves by the shift, so the row holds the shown positions:
 *   n·(x_p + δ_p − Σ w_i (x_{q_i} + δ_{q_i})) ≥ offset  ⇔  n·(x_p − Σ w_i x_{q_i}) ≥ offset − n·(δ_p − Σ w_i δ_{q_i}).
 * Silent while `enabled` says no (the start's convergence, before δ is known). begin() is the inner collider's, on
 * the shown input, done by the caller. Contacts of held points (handle vertices; vertex contact points) are dropped,
 * as the full-space solver drops rows without a free unknown: in the subspace a handle is held by its moment rows,
 * and a contact row on the same vertices over-constrains them (the character's feet on the ground, 1,381 rows,
 * blew the first drag event up).
 */
function shiftedCollider(inner: ArapCollider, pointShift: Float64Array, held: Uint8Array, enabled: () => boolean): ArapCollider {
  const shown = new Float64Array(pointShift.length);
  const shift = (points: Float64Array): Float64Array => {
    for (let k = 0; k < shown.length; k++) shown[k] = points[k] + pointShift[k];
    return shown;
  };
  const collider: ArapCollider = {
    detect(points, margin, contacts) {
      if (!enabled()) return;
      const first = contacts.count;
      inner.detect(shift(points), margin, contacts);
      let kept = first;
      for (let found = first; found < contacts.count; found++) {
        if (held[contacts.point[found]]) continue;
        const c = kept++;
        if (c !== found) setContact(contacts, c, contacts, found);
        const p = 3 * contacts.point[c];
        let moved = 0;
        for (let k = 0; k < 3; k++) moved += contacts.normal[3 * c + k] * pointShift[p + k];
        for (let i = 0; i < 3; i++) {
          const q = contacts.otherPoints[3 * c + i];
          if (q < 0) continue;
          const w = contacts.otherWeights[3 * c + i];
          for (let k = 0; k < 3; k++) moved -= w * contacts.normal[3 * c + k] * pointShift[3 * q + k];
        }
        contacts.offset[c] -= moved;
      }
      contacts.count = kept;
    },
  };
  if (inner.newIntersections) collider.newIntersections = (points) => inner.newIntersections!(shift(points));
  return collider;
}
