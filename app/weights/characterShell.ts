import { restingNormal } from './restingNormal.ts';
import type { SceneShell, ShellRole } from './sceneShells.ts';
import type { ShellCharacter } from './shellCharacter.ts';
import type { ShellPiece, ShellScene } from './shellScene.ts';

/**
 * The record of a character's piece classified as a shell (sceneShells): its component is −1 when it is a whole mesh
 * of its own (a one-component mesh of a character of several meshes, not the body's mesh), and its resting normal is
 * restingNormal over the character's pieces, zero for a part.
 *
 * @param data       sceneShells' shared state
 * @param character  the piece's character
 * @param piece      the piece
 * @param role       what it does
 * @param reason     why, in an animator's words
 * @param host       the piece it rests on, or null (parts)
 * @returns the shell (its vertices are the piece's own array)
 */
export function characterShell(
  data: ShellScene,
  character: ShellCharacter,
  piece: ShellPiece,
  role: ShellRole,
  reason: string,
  host: ShellPiece | null,
): SceneShell {
  const { members, body, pieces } = character;
  return {
    meshIndex: piece.meshIndex,
    component:
      data.scene.meshes[piece.meshIndex].topology.componentCount === 1 && members.length > 1 && piece.meshIndex !== body.meshIndex ? -1 : piece.component,
    vertices: piece.vertices,
    role,
    reason,
    host: host ? { meshIndex: host.meshIndex, component: host.component, vertices: host.vertices } : null,
    size: piece.size,
    restingNormal: role === 'part' ? [0, 0, 0] : restingNormal(data, piece, pieces),
  };
}
