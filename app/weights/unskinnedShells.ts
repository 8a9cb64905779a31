import { restingNormal } from './restingNormal.ts';
import type { SceneShell } from './sceneShells.ts';
import { shellPieces } from './shellPieces.ts';
import type { ShellScene } from './shellScene.ts';
import { TINY } from './shellThresholds.ts';

/**
 * The shells of an unskinned mesh (sceneShells): a piece smaller than TINY of its mesh's largest piece is `glued` to
 * that piece (a morph-animated piece is the animation itself, so nothing more is read into it).
 *
 * @param data       sceneShells' shared state
 * @param meshIndex  an unskinned mesh's index into ImportedScene.meshes
 * @returns its glued pieces, in component order (none for a mesh of fewer than two non-empty pieces)
 */
export function unskinnedShells(data: ShellScene, meshIndex: number): SceneShell[] {
  const pieces = shellPieces(data, meshIndex).filter((p) => p.vertices.length > 0);
  if (pieces.length < 2) return [];
  const largest = pieces.reduce((a, b) => (b.size > a.size ? b : a));
  const shells: SceneShell[] = [];
  for (const piece of pieces) {
    if (piece === largest || !(piece.size < TINY * largest.size)) continue;
    shells.push({
      meshIndex,
      component: piece.component,
      vertices: piece.vertices,
      role: 'glued',
      reason: 'a small piece of an unskinned mesh: follows its largest piece',
      host: { meshIndex, component: largest.component, vertices: largest.vertices },
      size: piece.size,
      restingNormal: restingNormal(data, piece, pieces),
    });
  }
  return shells;
}
