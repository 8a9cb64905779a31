/**
 * The thresholds of sceneShells' rules (docs/bake.md, weights table), shared by its steps. Sizes are fractions of the
 * character's reference size S (the skeleton's size or its largest piece's diagonal); shares are fractions of a
 * piece's skin weight, surface or sampled vertices.
 */

/** A piece much smaller than this fraction of the reference size is an accessory or a rigid part whatever its skin. */
export const TINY = 0.1;
/** A piece smaller than this fraction, bound to no appendage joint, rides its joints (rigidShells' rule for parts). */
export const SMALL = 0.25;
/** Pieces from this fraction of the character's size up are body (a coat, a cape), never shells. */
export const LARGEST_SHELL = 0.5;
/** A joint binds a piece when it holds at least this share of the piece's skin weight. */
export const BINDING_SHARE = 0.05;
/** A piece that carries at least this share of its dominant joint's surface is that joint's body part (an arm). */
export const PART_SHARE = 0.5;
/** A piece with at least this share of its vertices inside a ring piece is fastened to it (a buckle on its belt: 18%). */
export const FASTENED_SHARE = 0.1;
/**
 * A piece with at least this share of its vertices inside a larger piece is sunk into it (not a plate that straddles
 * the skin: the layered character's plates and pads have 46–56% inside the body).
 */
export const SUNK_SHARE = 0.9;
/** A piece whose skin lies at least this much on rigid joints (head, hands, feet) sits on a rigid host. */
export const RIGID_HOST_SHARE = 0.5;
