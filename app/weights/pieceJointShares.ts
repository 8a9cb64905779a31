import { vertexAreas } from '../geometry/index.ts';
import type { ShellScene, ShellPiece } from './shellScene.ts';

/** A joint's share of a piece's skin. */
export interface JointShare {
  /** Σ over the piece's vertices of skin weight × vertex area at rest [file units²] */
  area: number;
  /** Σ over the piece's vertices of skin weight (a vertex fully on the joint counts 1) [vertices] */
  weight: number;
}

/** The skin surface of a character's pieces per joint node, and of the character per joint node. */
export interface PieceJointShares {
  /** per piece (ShellCharacter.pieces order), per joint node, its share, in the order the nodes are first met */
  pieces: Map<number, JointShare>[];
  /** per joint node, Σ over every piece of skin weight × vertex area [file units²] (the joint's surface) */
  joints: Map<number, number>;
}

/**
 * The skin surface per (piece, joint node) and per joint node over a character (sceneShells' rule 1: a piece that
 * carries at least half of its dominant joint's surface is that joint's part). Each welded vertex reads the skin of
 * its render vertex (simulationToRender); weights ≤ 0 (and NaN) are skipped.
 *
 * @param data    sceneShells' shared state (rest positions, for the vertex areas)
 * @param pieces  the character's pieces, all of skinned meshes
 * @returns per piece and per joint node, the skin shares
 */
export function pieceJointShares(data: ShellScene, pieces: readonly ShellPiece[]): PieceJointShares {
  const joints = new Map<number, number>();
  const perPiece = pieces.map((piece) => {
    const mesh = data.scene.meshes[piece.meshIndex];
    const skin = mesh.skin!;
    const K = skin.influencesPerVertex;
    const areas = vertexAreas(data.restPositions[piece.meshIndex], mesh.topology.triangles, mesh.topology.vertexCount);
    const shares = new Map<number, JointShare>();
    for (const v of piece.vertices) {
      const r = mesh.topology.simulationToRender[v];
      for (let i = 0; i < K; i++) {
        const w = skin.weights[r * K + i];
        if (!(w > 0)) continue;
        const node = skin.jointNodeIndices[skin.joints[r * K + i]];
        const entry = shares.get(node) ?? { area: 0, weight: 0 };
        entry.area += w * areas[v];
        entry.weight += w;
        shares.set(node, entry);
        joints.set(node, (joints.get(node) ?? 0) + w * areas[v]);
      }
    }
    return shares;
  });
  return { pieces: perPiece, joints };
}
