import type { SceneShell } from './sceneShells.ts';
import type { ShellCharacter } from './shellCharacter.ts';
import type { ShellScene } from './shellScene.ts';

/**
 * The shells of a character with no body (sceneShells: its largest piece is under half its skeleton's size): skinned
 * pieces of a rig that is mostly something else (RobotExpressive's skinned hands on its node-driven rigid parts) ride
 * their joints, as the rig's rigid parts do: every piece is a `part` (weight 0).
 *
 * @param data       sceneShells' shared state
 * @param character  the character
 * @returns one part per piece, in piece order (component −1 for a one-component mesh)
 */
export function rigPartShells(data: ShellScene, character: ShellCharacter): SceneShell[] {
  return character.pieces.map((piece) => ({
    meshIndex: piece.meshIndex,
    component: data.scene.meshes[piece.meshIndex].topology.componentCount === 1 ? -1 : piece.component,
    vertices: piece.vertices,
    role: 'part',
    reason: 'a small skinned part of a larger rig: rides its joints',
    host: null,
    size: piece.size,
    restingNormal: [0, 0, 0],
  }));
}
