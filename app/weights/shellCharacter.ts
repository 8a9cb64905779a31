import { vertexAreas } from '../geometry/index.ts';
import { jointRoles, type JointRole } from './jointRoles.ts';
import { shellPieces } from './shellPieces.ts';
import type { ShellPiece, ShellScene } from './shellScene.ts';
import { skinSkeleton } from './skinSkeleton.ts';

/** A character of a scene as sceneShells reads it: its pieces, its body, its joints' roles and its size. */
export interface ShellCharacter {
  /** its skinned meshes (indices into ImportedScene.meshes), ascending */
  members: number[];
  /** every non-empty connected component of its meshes, mesh by mesh in `members` order, then component order */
  pieces: ShellPiece[];
  /** its largest piece (by size, then vertex count; the first of equals) */
  body: ShellPiece;
  /** the role of each of its joint nodes (jointRoles of its largest mesh first, then of the others for their own joints) */
  roleOfNode: Map<number, JointRole>;
  /** its skeleton's size in the world (jointRoles' size scaled from bind space to the world), max over its meshes [file units] */
  skeletonSize: number;
  /** its reference size S = max(skeletonSize, body.size) [file units] */
  reference: number;
}

/**
 * A character of a scene, read for sceneShells: its pieces (shellPieces of every member), its body (the largest
 * piece), its joint roles (jointRoles on the skinSkeleton of its largest mesh, by vertex count, so the visor's head
 * joint is the head, an extremity, and not the body it would be alone; other members add only joints the largest
 * lacks) and its reference size.
 *
 * @param data     sceneShells' shared state
 * @param members  the character's skinned mesh indices (skinnedCharacters)
 * @returns the character, or null when its meshes have no vertex
 */
export function shellCharacter(data: ShellScene, members: number[]): ShellCharacter | null {
  const { scene, restPositions } = data;
  const pieces = members.flatMap((m) => shellPieces(data, m)).filter((p) => p.vertices.length > 0);
  if (pieces.length === 0) return null;
  const largestMesh = members.reduce((a, b) => (scene.meshes[b].topology.vertexCount > scene.meshes[a].topology.vertexCount ? b : a));
  const body = pieces.reduce((a, b) => (b.size > a.size || (b.size === a.size && b.vertices.length > a.vertices.length) ? b : a));
  // Joint roles of the character (its largest mesh's skin), by node.
  const roleOfNode = new Map<number, JointRole>();
  let skeletonSize = 0;
  const rolesOf = (m: number): void => {
    const mesh = scene.meshes[m];
    const skeleton = skinSkeleton(mesh, scene.hierarchy)!;
    const roles = jointRoles(skeleton, mesh.topology.positions, vertexAreas(mesh.topology.positions, mesh.topology.triangles, mesh.topology.vertexCount));
    mesh.skin!.jointNodeIndices.forEach((node, j) => {
      if (!roleOfNode.has(node)) roleOfNode.set(node, roles.roles[j]);
    });
    // jointRoles measures in the skin's bind space; the pieces are measured in the world (an armature scaled 100×).
    skeletonSize = Math.max(skeletonSize, roles.size * bindToWorld(mesh.topology.positions, restPositions[m]));
  };
  rolesOf(largestMesh);
  for (const m of members) if (m !== largestMesh) rolesOf(m);
  return { members, pieces, body, roleOfNode, skeletonSize, reference: Math.max(skeletonSize, body.size) };
}

/** The ratio of a point set's bounding-box diagonal in the world to its diagonal in bind space (1 when degenerate). */
function bindToWorld(bind: ArrayLike<number>, world: ArrayLike<number>): number {
  const diagonal = (p: ArrayLike<number>): number => {
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < p.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], p[i + c]);
        max[c] = Math.max(max[c], p[i + c]);
      }
    }
    return Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  };
  const from = diagonal(bind);
  const to = diagonal(world);
  return from > 0 && to > 0 ? to / from : 1;
}
