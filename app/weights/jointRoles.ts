import { branchRoles } from './roles/branchRoles.ts';
import { coreTree } from './roles/coreTree.ts';
import { jointSurface } from './roles/jointSurface.ts';
import { limbTrunk } from './roles/limbTrunk.ts';
import { mirrorPartners } from './roles/mirrorPartners.ts';
import type { JointRolesData } from './roles/types.ts';
import type { SkinSkeleton } from './skinSkeleton.ts';

/**
 * What a joint's surface does under the default weights:
 * - `body`: soft volume (torso, and short bones inside it such as jiggle bones): weight grows with the distance
 *   from the bones;
 * - `limb`: soft at its base (thighs, upper arms, the base of a neck), fading to 0 toward its end;
 * - `extremity`: head, hands, feet, and what hangs off them without bones of its own: 0 (follows the animation);
 * - `appendage`: a thin, long chain (tail, ears, hair, antennae): weight rising from its base to its tip;
 * - `minor`: little or no surface (end sites, helper bones, roots): 0.
 */
export type JointRole = 'body' | 'limb' | 'extremity' | 'appendage' | 'minor';

/** How weight varies along one chain, by arc length from where the chain leaves its host. */
export interface ChainProfile {
  /** #P×3 polyline from the host joint through the chain's joints to its tip [m] */
  points: Float64Array;
  /** 'fade': 1 up to arc length `from`, smoothly 0 at `to` and beyond; 'rise': 0 up to `from`, smoothly 1 at `to` */
  shape: 'fade' | 'rise';
  from: number;
  to: number;
}

/** The roles of a skeleton's joints. */
export interface JointRoles {
  /** #J role of each joint */
  roles: JointRole[];
  /** #J index into `profiles` of the chain a `limb` or `appendage` joint belongs to, −1 otherwise */
  profileOfJoint: Int32Array;
  profiles: ChainProfile[];
  /** the joint at the centre of the skin's surface (the area centroid of the joint tree) */
  core: number;
  /** whether a mirror plane of the skeleton was found (lateral pairs tell limbs from tails) */
  mirrored: boolean;
  /** size of the skeleton: bounding-box diagonal of the joints and bone tips [m] */
  size: number;
  /** #J surface each joint carries, Σ_v w_vj · a_v [m²] */
  area: Float64Array;
}

/** Options of jointRoles. */
export interface JointRolesOptions {
  /**
   * Use joint names (tail, ear, hair, hand, foot, head, …) where geometry cannot decide: only for a skeleton without
   * a mirror plane. Default true.
   */
  nameHints?: boolean;
}

/**
 * Classifies the joints of a skeleton into the regions an animator paints first, from geometry and the skin alone
 * (names only break ties on a skeleton without a mirror plane):
 *
 * 1. Per joint, the surface it carries: A_j = Σ_v w_vj · a_v (skin weight × vertex area).
 * 2. The core: the area centroid of the joint tree (no branch off it holds more than half of the surface).
 * 3. A mirror plane (through the joints' mean, normal along an axis or a principal direction of the joints) pairs
 *    lateral joints; central joints map onto themselves.
 * 4. The trunk: the core and the central joints on the way from it to every lateral pair of long chains (limbs);
 *    without a mirror plane, to every joint where two or more long chains branch off, through branches holding more
 *    than 30% of the surface.
 * 5. Each branch off the trunk: a lateral long chain is a `limb` (fading from its base to 0 by its middle: thighs
 *    soft, knees, shins, feet and toes, forearms and hands at 0; what branches off it, fingers and toes, rigid);
 *    a short one is soft tissue (`body`); another chain is an `appendage` when it is thin and long (mean surface
 *    distance to its bones ≤ 0.35 × its length), spreads its surface over at least two bones, its last bone holding
 *    less than 60% of it (a tail; a neck carrying a head fails this, the skull being one big rigid mass), else an
 *    extremity chain whose last bone is rigid (`extremity`: the head) and whose other bones fade (`limb`: the
 *    neck). Chains hanging off extremities and appendages (ears on a head) take the same appendage test, else they
 *    are rigid with their host.
 *
 * \note Geometry decides wherever it can because names differ between rigs (Fox.glb's "b_Tail01_012", a generated
 * character's "tail.1", Mixamo's "mixamorig:Spine"); a skeleton with no mirror plane falls back to names for the
 * appendage/limb question and, without names, treats long chains that branch together as limbs (rigid ends: the
 * safe answer).
 *
 * The driver of app/weights/roles/ (one file per step; types.ts there describes the data they share).
 *
 * @param skeleton     the mesh's skeleton and welded skin (skinSkeleton)
 * @param positions    #V×3 bind positions of the welded vertices [m]
 * @param vertexAreas  #V area per vertex (a third of each adjacent triangle) [m²]
 * @param options      nameHints
 * @returns roles per joint, chain profiles, the core, whether a mirror plane was found, and the skeleton's size
 */
export function jointRoles(skeleton: SkinSkeleton, positions: ArrayLike<number>, vertexAreas: ArrayLike<number>, options: JointRolesOptions = {}): JointRoles {
  // 1. Surface per joint, and the skeleton's size.
  const { area, totalArea, size } = jointSurface(skeleton, positions, vertexAreas);
  // 2. The core: walk from a root toward the heavier side until no branch holds more than half; the tree outward from it.
  const tree = coreTree(skeleton, area);
  // 3. Mirror plane.
  const partner = mirrorPartners(skeleton.positions, skeleton.jointCount, size);
  const data: JointRolesData = {
    skeleton,
    positions,
    vertexAreas,
    nameHints: options.nameHints ?? true,
    area,
    totalArea,
    minorArea: 1e-3 * totalArea,
    size,
    ...tree,
    partner,
    mirrored: partner !== null,
  };
  // 4. Trunk: the core and the joints from it to where limbs attach.
  const trunk = limbTrunk(data);
  // 5. Classify every branch off the trunk, then what hangs off those branches.
  const { roles, profileOfJoint, profiles } = branchRoles(data, trunk);
  return { roles, profileOfJoint, profiles, core: tree.core, mirrored: data.mirrored, size, area };
}
