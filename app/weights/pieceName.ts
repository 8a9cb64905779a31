import type { ImportedScene } from '../io/index.ts';
import type { ShellPiece } from './shellScene.ts';

/**
 * How a shell's reason names another piece: `piece N` (its component) when it is in the shell's own mesh, else its
 * mesh's name, quoted (JSON).
 *
 * @param scene      the imported scene
 * @param meshIndex  the mesh of the shell that names it
 * @param other      the piece named
 * @returns the name, for an animator
 */
export function pieceName(scene: ImportedScene, meshIndex: number, other: ShellPiece): string {
  return other.meshIndex === meshIndex ? `piece ${other.component}` : JSON.stringify(scene.meshes[other.meshIndex].name);
}
