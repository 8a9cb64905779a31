import type { ImportedScene } from '../io/index.ts';
import { attachedShell } from './attachedShell.ts';
import { directShell, type PendingShell } from './directShell.ts';
import { pieceJointShares } from './pieceJointShares.ts';
import { rigPartShells } from './rigPartShells.ts';
import { shellCharacter } from './shellCharacter.ts';
import { shellScene } from './shellScene.ts';
import { LARGEST_SHELL } from './shellThresholds.ts';
import { skinnedCharacters } from './skinnedCharacters.ts';
import { unskinnedShells } from './unskinnedShells.ts';

/**
 * What a separate shell does (sceneShells):
 * - `part`: a piece of the body modelled apart (an arm sunk into a torso, a boot that is the foot): it carries most of
 *   its joint's surface and rides its joints rigidly (weight 0), as before;
 * - `glued`: an accessory that follows its host exactly (weight 0): on a rigid host (a visor or helmet on the head, a
 *   glove on a hand, eyes), or wrapped around it (a belt, a bracelet, a collar: its centre is inside the host); it
 *   moves with its host's simulated surface, so a belt stays on a belly that jiggles;
 * - `gear`: an accessory on a host that moves (a pouch on the hips, a plate on the chest, a holster on a thigh): a
 *   near-rigid piece hinged where it meets its host, swinging on a compliant, damped connection (app/bake gearHinges).
 */
export type ShellRole = 'part' | 'glued' | 'gear';

/** One separate shell of a scene: a connected piece that is not the body, within a mesh or a whole mesh. */
export interface SceneShell {
  /** index into ImportedScene.meshes of the mesh it is in */
  meshIndex: number;
  /** its connected component in the mesh's welded topology, or −1 when it is the whole mesh */
  component: number;
  /** welded vertices of the shell, ascending */
  vertices: Uint32Array;
  role: ShellRole;
  /** why, in an animator's words (the report's weightsRegions and the Paint panel say it) */
  reason: string;
  /** the piece it rests on: a mesh, a component of it (−1: the whole mesh) and its welded vertices, or null (parts) */
  host: { meshIndex: number; component: number; vertices: Uint32Array } | null;
  /** bounding-box diagonal of its world rest positions [file units] */
  size: number;
  /**
   * the outward normal (unit, world) of the surface it rests on: at the vertex of another piece of its character
   * nearest to its centroid (the body under a pouch that hangs from a belt); zero for a part
   */
  restingNormal: [number, number, number];
}

/** The separate shells of every mesh of a scene. */
export interface SceneShells {
  /** per mesh (ImportedScene.meshes order), its separate shells */
  meshes: SceneShell[][];
  /** #M×(3·V_m) world rest positions of every mesh's welded vertices [file units] (what the classification read) */
  restPositions: Float32Array[];
}

const cache = new WeakMap<ImportedScene, SceneShells>();

/**
 * The separate shells of a scene and what each does, by one rule for pieces within a mesh and for whole meshes: a
 * separate mesh skinned to one region of a character (a visor mesh on the head, a holster mesh on a thigh) is
 * classified as a shell of that character exactly as the same piece modelled inside the body's mesh would be.
 *
 * Characters: skinned meshes that share joints are one character; its pieces are the connected components of all its
 * meshes (world rest pose), its body the largest piece, its joint roles those of its largest mesh (jointRoles, so the
 * visor's head joint is the head, an extremity, and not the body it would be alone), its joint surfaces summed over
 * all its meshes. Every other piece smaller than half the character's size (S, the skeleton's size or the largest
 * piece's diagonal) is a shell:
 * 1. `part` when it carries at least half of its dominant joint's surface (the arm shells of the sample, a boot that
 *    is the foot) and rigidShells' size rules say it rides its joints (D < 0.1·S, or bound to ≤ 2 joints and
 *    D < 0.5·S, or D < 0.25·S and on no appendage joint); such a part that does not is no shell (the body's rules);
 * 2. else `glued` when at least half of its skin is on rigid joints (extremity, minor: a visor, eyes, a glove), when
 *    it is a ring (genus ≥ 1) whose area centroid lies inside its host (winding number ≥ ½: it wraps it, a belt, a
 *    strap round a thigh; a curved plate or pad, genus 0, has its centroid inside the body too and is no ring), when
 *    a tenth of its vertices lie inside such a ring (fastened to it: a buckle on its belt), or nine tenths inside a
 *    larger piece (sunk into it);
 * 3. else `gear`.
 * Its host is the nearest larger piece of the character (its vertices' least distance to the piece's vertices).
 * Unskinned meshes: a piece smaller than 0.1 of its mesh's largest is `glued` to that piece (a morph-animated piece is
 * the animation itself, so nothing more is read into it). Node-driven rigid meshes (rigidPartDriver) are not
 * classified here: each is a `part` of its rig by rule 1 (it carries all of its node's surface), weight 0.
 *
 * Steps, one file each: shellScene (rest pose, caches) → skinnedCharacters → per character shellCharacter (pieces,
 * body, joint roles, S) → rigPartShells when it has no body, else pieceJointShares → directShell (rules 1 and 2 from
 * the piece and its host: nearestLargerPiece, pointInsideSurface) → attachedShell once the rings are known (rules 2
 * and 3: insideShare) → unskinnedShells; thresholds in shellThresholds.
 *
 * Cached per scene (the classification reads only the scene).
 *
 * @param scene  the imported scene
 * @returns per mesh its shells, and the world rest positions read
 */
export function sceneShells(scene: ImportedScene): SceneShells {
  const cached = cache.get(scene);
  if (cached) return cached;
  const data = shellScene(scene);
  const result: SceneShells = { meshes: scene.meshes.map(() => []), restPositions: data.restPositions };
  const add = (shell: SceneShell): void => {
    result.meshes[shell.meshIndex].push(shell);
  };
  for (const members of skinnedCharacters(scene)) {
    const character = shellCharacter(data, members);
    if (!character) continue;
    if (character.body.size < LARGEST_SHELL * character.skeletonSize) {
      rigPartShells(data, character).forEach(add);
      continue;
    }
    // Rules 1 and 2 from the piece and its host; what rests on a ring or inside a piece waits for the rings.
    const shares = pieceJointShares(data, character.pieces);
    const pending: PendingShell[] = [];
    character.pieces.forEach((piece, p) => {
      if (piece === character.body || piece.size >= LARGEST_SHELL * character.reference) return;
      const shell = directShell(data, character, shares, p);
      if (shell && 'role' in shell) add(shell);
      else if (shell) pending.push(shell);
    });
    // Rings known: fastened to a ring or sunk into a larger piece is glued, the rest is gear.
    // (every ring so far; an earlier character's cannot match, since attachedShell matches a ring by its vertex array)
    const rings = result.meshes.flat().filter((shell) => shell.reason.startsWith('wraps'));
    for (const piece of pending) add(attachedShell(data, character, piece, rings));
  }
  scene.meshes.forEach((mesh, m) => {
    if (!mesh.skin) unskinnedShells(data, m).forEach(add);
  });
  for (const shells of result.meshes) shells.sort((a, b) => a.component - b.component);
  cache.set(scene, result);
  return result;
}
