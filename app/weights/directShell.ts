import { characterShell } from './characterShell.ts';
import type { JointRole } from './jointRoles.ts';
import { nearestLargerPiece } from './nearestLargerPiece.ts';
import type { PieceJointShares } from './pieceJointShares.ts';
import { pieceName } from './pieceName.ts';
import { pieceTriangles } from './pieceTriangles.ts';
import { pointInsideSurface } from './pointInsideSurface.ts';
import type { SceneShell } from './sceneShells.ts';
import type { ShellCharacter } from './shellCharacter.ts';
import type { ShellPiece, ShellScene } from './shellScene.ts';
import { BINDING_SHARE, LARGEST_SHELL, PART_SHARE, RIGID_HOST_SHARE, SMALL, TINY } from './shellThresholds.ts';

/** A piece whose role waits for the rings of its character to be known (attachedShell): glued to a ring, sunk, or gear. */
export interface PendingShell {
  /** the piece */
  piece: ShellPiece;
  /** its host: the nearest larger piece of its character */
  host: ShellPiece;
  /** its dominant joint (by skin surface) and that joint's role, as a reason names it: `Hips (body)` */
  joint: string;
}

/**
 * What a shell of a character is by the rules that read only the piece and its host (sceneShells' rules 1 and 2,
 * docs/bake.md): 1. a `part` when it carries at least PART_SHARE of its dominant joint's surface and rides its joints
 * (D < TINY·S, or bound to ≤ 2 joints and D < LARGEST_SHELL·S, or D < SMALL·S and bound to no appendage joint), and no
 * shell when it carries that much but does not ride; 2. `glued` when at least RIGID_HOST_SHARE of its skin weight is
 * on rigid joints (extremity, minor), or when it is a ring (genus ≥ 1) whose area centroid lies inside its host. A
 * piece with a host that none of these decide waits for the rings (attachedShell); one without is no shell.
 *
 * @param data       sceneShells' shared state
 * @param character  the piece's character
 * @param shares     the character's skin shares per piece and per joint (pieceJointShares)
 * @param p          the piece's index in character.pieces (neither its body nor D ≥ LARGEST_SHELL·S)
 * @returns its shell, a pending piece, or null when it is no shell
 */
export function directShell(data: ShellScene, character: ShellCharacter, shares: PieceJointShares, p: number): SceneShell | PendingShell | null {
  const { scene, restPositions } = data;
  const { pieces, reference, roleOfNode } = character;
  const piece = pieces[p];
  const pieceShares = shares.pieces[p];
  const count = piece.vertices.length;
  let dominant = -1;
  let dominantArea = -1;
  for (const [node, share] of pieceShares) {
    if (share.area > dominantArea) {
      dominant = node;
      dominantArea = share.area;
    }
  }
  const bound = [...pieceShares].filter(([, share]) => share.weight >= BINDING_SHARE * count).map(([node]) => node);
  const roleOf = (node: number): JointRole => roleOfNode.get(node) ?? 'body';
  const nodeName = (node: number): string => scene.hierarchy.nodes[node].getName() || `node ${node}`;
  if (dominant >= 0 && dominantArea >= PART_SHARE * (shares.joints.get(dominant) ?? Infinity)) {
    const onAppendage = bound.some((node) => roleOf(node) === 'appendage');
    const rides =
      piece.size < TINY * reference || (bound.length <= 2 && piece.size < LARGEST_SHELL * reference) || (piece.size < SMALL * reference && !onAppendage);
    return rides
      ? characterShell(data, character, piece, 'part', `a part of the body modelled apart (it carries ${nodeName(dominant)}'s surface): rides its joints`, null)
      : null;
  }
  const host = nearestLargerPiece(data, piece, pieces);
  let rigidShare = 0;
  let total = 0;
  for (const [node, share] of pieceShares) {
    total += share.weight;
    const role = roleOf(node);
    if (role === 'extremity' || role === 'minor') rigidShare += share.weight;
  }
  if (total > 0 && rigidShare >= RIGID_HOST_SHARE * total) {
    return characterShell(data, character, piece, 'glued', `on a rigid host (${nodeName(dominant)}): follows it exactly`, host);
  }
  if (host && piece.genus > 0 && pointInsideSurface(piece.centroid, pieceTriangles(data, host), restPositions[host.meshIndex])) {
    // A ring round its host (a belt, a strap round a thigh): the host passes through it.
    return characterShell(data, character, piece, 'glued', `wraps its host (${pieceName(scene, piece.meshIndex, host)}): moves with it`, host);
  }
  if (!host) return null;
  return { piece, host, joint: `${nodeName(dominant)} (${roleOf(dominant)})` };
}
