import type { SkinSkeleton } from '../skinSkeleton.ts';

/*
 * jointRoles (app/weights/jointRoles.ts) as plain data plus named steps: JointRolesData is what steps 1–3 of the
 * method (surface per joint, the core and the outward tree, the mirror plane) find, and what steps 4–5 (the trunk,
 * the branches' roles) read. Shapes: #J joints, #V welded vertices. Lengths in metres, areas in square metres.
 */

// The thresholds of the classification (see jointRoles' header).
/** A chain hanging off a host counts as a limb (not a short soft-tissue bone) from this length, × skeleton size. */
export const LIMB_LENGTH = 0.15;
/** Chains shorter than this (× skeleton size) inside the body are soft-tissue bones (jiggle bones, breasts). */
export const SHORT_CHAIN = 0.06;
/** An appendage is thin and long: mean surface distance to its bones / its length at most this. */
export const THIN = 0.35;
/** An appendage spreads its surface along its bones: its last bone holds less than this share of it. */
export const SPREAD = 0.6;
/** A chain continues into a child whose subtree carries at least this share of the current joint's surface. */
export const CONTINUES = 0.35;
/** Without a mirror plane, a branch holding more than this share of the surface continues the trunk. */
export const TRUNK_SHARE = 0.3;
/** Mirror matches within this fraction of the skeleton's size. */
export const MIRROR_TOLERANCE = 0.02;

export const APPENDAGE_WORDS = new Set([
  'tail',
  'ear',
  'ears',
  'hair',
  'antenna',
  'antennae',
  'tentacle',
  'braid',
  'ponytail',
  'whisker',
  'tassel',
  'feather',
  'strand',
]);
export const EXTREMITY_WORDS = new Set(['head', 'skull', 'hand', 'foot', 'feet', 'toe', 'toes', 'finger', 'thumb', 'paw', 'hoof', 'jaw', 'eye', 'palm']);

/** The skeleton as the classification sees it: its surface, its tree rooted at the core, its mirror plane. */
export interface JointRolesData {
  /** the mesh's skeleton and welded skin (skinSkeleton) */
  skeleton: SkinSkeleton;
  /** #V×3 bind positions of the welded vertices [m] */
  positions: ArrayLike<number>;
  /** #V area per vertex [m²] */
  vertexAreas: ArrayLike<number>;
  /** whether joint names may break ties (only used without a mirror plane) */
  nameHints: boolean;
  /** #J surface each joint carries, Σ_v w_vj · a_v [m²] (Float64Array) */
  area: Float64Array;
  /** total surface, Σ_v a_v [m²] */
  totalArea: number;
  /** below this surface a joint or branch counts as carrying none: 1e-3 × totalArea [m²] */
  minorArea: number;
  /** bounding-box diagonal of the joints and bone tips (or of the vertices) [m] */
  size: number;
  /** #J joints adjacent in the joint forest (parent and children), per joint */
  neighbors: number[][];
  /** #J index of the tree of the joint forest each joint belongs to (Int32Array) */
  tree: Int32Array;
  /** the tree carrying the most surface */
  mainTree: number;
  /** the joint at the area centroid of the main tree */
  core: number;
  /** the main tree's joints breadth-first from the core */
  order: number[];
  /** #J parent of each joint in the tree rooted at the core, −1 at the core and off the main tree (Int32Array) */
  outParent: Int32Array;
  /** #J children of each joint in the tree rooted at the core */
  children: number[][];
  /** #J surface of each joint's subtree in the tree rooted at the core [m²] (Float64Array) */
  subtreeArea: Float64Array;
  /** #J mirror partner of each joint (itself for a central joint), or null when no mirror plane was found */
  partner: Int32Array | null;
  /** partner !== null */
  mirrored: boolean;
}

/** Whether a joint is lateral: it has a mirror partner other than itself. */
export function isLateral(data: JointRolesData, j: number): boolean {
  return data.partner !== null && data.partner[j] !== j;
}
