import { characterShell } from './characterShell.ts';
import type { PendingShell } from './directShell.ts';
import { insideShare } from './insideShare.ts';
import { pieceName } from './pieceName.ts';
import type { SceneShell } from './sceneShells.ts';
import type { ShellCharacter } from './shellCharacter.ts';
import type { ShellPiece, ShellScene } from './shellScene.ts';
import { FASTENED_SHARE, SUNK_SHARE } from './shellThresholds.ts';

/**
 * What a pending shell is once its character's rings are known (sceneShells' rules 2 and 3): `glued` to the first ring
 * of the character (in piece order) with at least FASTENED_SHARE of its sampled vertices inside it (a buckle on its
 * belt), else `glued` to the first larger piece with SUNK_SHARE of them inside it (sunk into it), else `gear` on its
 * host, hinged where it meets it.
 *
 * @param data       sceneShells' shared state
 * @param character  the piece's character
 * @param pending    the piece, its host and its dominant joint (directShell)
 * @param rings      the ring shells classified so far (directShell's `wraps its host`), of any character
 * @returns its shell
 */
export function attachedShell(data: ShellScene, character: ShellCharacter, pending: PendingShell, rings: readonly SceneShell[]): SceneShell {
  const { piece, host, joint } = pending;
  const { pieces } = character;
  const name = (other: ShellPiece): string => pieceName(data.scene, piece.meshIndex, other);
  const ring = pieces.find(
    (other) => rings.some((r) => r.meshIndex === other.meshIndex && r.vertices === other.vertices) && insideShare(data, piece, other, FASTENED_SHARE),
  );
  if (ring) return characterShell(data, character, piece, 'glued', `fastened to ${name(ring)}: moves with it`, ring);
  const embedding = pieces.find((other) => other !== piece && other.size > piece.size && insideShare(data, piece, other, SUNK_SHARE));
  if (embedding) return characterShell(data, character, piece, 'glued', `sunk into ${name(embedding)}: moves with it`, embedding);
  return characterShell(data, character, piece, 'gear', `gear on ${joint}: swings from where it meets its host`, host);
}
