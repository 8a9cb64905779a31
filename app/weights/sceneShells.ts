import { createAnimationEvaluator } from '../animation/index.ts';
import { vertexAreas, vertexNormals } from '../geometry/index.ts';
import type { ImportedScene } from '../io/index.ts';
import { jointRoles, type JointRole } from './jointRoles.ts';
import { skinSkeleton } from './skinSkeleton.ts';

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

/** A piece much smaller than this fraction of the reference size is an accessory or a rigid part whatever its skin. */
const TINY = 0.1;
/** A piece smaller than this fraction, bound to no appendage joint, rides its joints (rigidShells' rule for parts). */
const SMALL = 0.25;
/** Pieces from this fraction of the character's size up are body (a coat, a cape), never shells. */
const LARGEST_SHELL = 0.5;
/** A joint binds a piece when it holds at least this share of the piece's skin weight. */
const BINDING_SHARE = 0.05;
/** A piece that carries at least this share of its dominant joint's surface is that joint's body part (an arm). */
const PART_SHARE = 0.5;
/** A piece with at least this share of its vertices inside a ring piece is fastened to it (a buckle on its belt: 18%). */
const FASTENED_SHARE = 0.1;
/**
 * A piece with at least this share of its vertices inside a larger piece is sunk into it (not a plate that straddles
 * the skin: the layered character's plates and pads have 46–56% inside the body).
 */
const SUNK_SHARE = 0.9;
/** A piece whose skin lies at least this much on rigid joints (head, hands, feet) sits on a rigid host. */
const RIGID_HOST_SHARE = 0.5;

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
 * Cached per scene (the classification reads only the scene).
 *
 * @param scene  the imported scene
 * @returns per mesh its shells, and the world rest positions read
 */
export function sceneShells(scene: ImportedScene): SceneShells {
  const cached = cache.get(scene);
  if (cached) return cached;
  const evaluator = createAnimationEvaluator(scene);
  const restPositions = scene.meshes.map((mesh, m) => {
    const out = new Float32Array(3 * mesh.topology.vertexCount);
    evaluator.evaluateSimulationPositions(m, null, 0, out);
    return out;
  });
  const result: SceneShells = { meshes: scene.meshes.map(() => []), restPositions };
  const normalsOf: Float64Array[] = [];
  const trianglesByPiece = new Map<string, Uint32Array>();
  const boxes = new Map<string, Float64Array>();

  // Pieces: every connected component of every mesh.
  interface Piece {
    meshIndex: number;
    component: number;
    vertices: Uint32Array;
    size: number;
    area: number;
    centroid: [number, number, number];
    /** its genus (1 − χ/2, χ = V − E + F of its triangles): a belt or a strap round a limb is a ring, 1 */
    genus: number;
  }
  const piecesOf = (m: number): Piece[] => {
    const { topology } = scene.meshes[m];
    const positions = restPositions[m];
    const areas = vertexAreas(positions, topology.triangles, topology.vertexCount);
    const lists: number[][] = Array.from({ length: topology.componentCount }, () => []);
    for (let v = 0; v < topology.vertexCount; v++) if (topology.componentOfVertex[v] < topology.componentCount) lists[topology.componentOfVertex[v]].push(v);
    const edges = new Int32Array(topology.componentCount);
    const faces = new Int32Array(topology.componentCount);
    for (let e = 0; e < topology.edges.length; e += 2) edges[topology.componentOfVertex[topology.edges[e]]]++;
    const degenerate = new Set(topology.degenerateTriangles);
    for (let t = 0; t < topology.triangles.length / 3; t++) if (!degenerate.has(t)) faces[topology.componentOfVertex[topology.triangles[3 * t]]]++;
    return lists.map((list, component) => {
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      const centroid: [number, number, number] = [0, 0, 0];
      let area = 0;
      for (const v of list) {
        for (let c = 0; c < 3; c++) {
          min[c] = Math.min(min[c], positions[3 * v + c]);
          max[c] = Math.max(max[c], positions[3 * v + c]);
          centroid[c] += areas[v] * positions[3 * v + c];
        }
        area += areas[v];
      }
      for (let c = 0; c < 3; c++) centroid[c] = area > 0 ? centroid[c] / area : 0.5 * (min[c] + max[c]);
      const genus = Math.max(0, Math.round(1 - (list.length - edges[component] + faces[component]) / 2));
      return { meshIndex: m, component, vertices: Uint32Array.from(list), size: Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]), area, centroid, genus };
    });
  };

  // Characters: skinned meshes sharing a joint node.
  const skinned = scene.meshes.map((mesh, m) => (mesh.skin ? m : -1)).filter((m) => m >= 0);
  const group = new Map<number, number>();
  for (const m of skinned) group.set(m, m);
  const find = (m: number): number => (group.get(m) === m ? m : find(group.get(m)!));
  const ownerOfJoint = new Map<number, number>();
  for (const m of skinned) {
    for (const node of scene.meshes[m].skin!.jointNodeIndices) {
      const other = ownerOfJoint.get(node);
      if (other === undefined) ownerOfJoint.set(node, m);
      else group.set(find(m), find(other));
    }
  }
  const characters = new Map<number, number[]>();
  for (const m of skinned) characters.set(find(m), [...(characters.get(find(m)) ?? []), m]);

  for (const members of characters.values()) {
    const pieces = members.flatMap(piecesOf).filter((p) => p.vertices.length > 0);
    if (pieces.length === 0) continue;
    const largestMesh = members.reduce((a, b) => (scene.meshes[b].topology.vertexCount > scene.meshes[a].topology.vertexCount ? b : a));
    const body = pieces.reduce((a, b) => (b.size > a.size || (b.size === a.size && b.vertices.length > a.vertices.length) ? b : a));
    // Joint roles of the character (its largest mesh's skin), by node; surfaces per joint node over every mesh.
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
    const reference = Math.max(skeletonSize, body.size);
    if (body.size < LARGEST_SHELL * skeletonSize) {
      // No body: skinned pieces of a rig that is mostly something else (RobotExpressive's skinned hands on its
      // node-driven rigid parts) ride their joints, as the rig's rigid parts do.
      for (const piece of pieces) {
        result.meshes[piece.meshIndex].push({
          meshIndex: piece.meshIndex,
          component: scene.meshes[piece.meshIndex].topology.componentCount === 1 ? -1 : piece.component,
          vertices: piece.vertices,
          role: 'part',
          reason: 'a small skinned part of a larger rig: rides its joints',
          host: null,
          size: piece.size,
          restingNormal: [0, 0, 0],
        });
      }
      continue;
    }
    // Skin surface per (piece, joint node), and per joint node over the character.
    const jointArea = new Map<number, number>();
    const pieceJoints = pieces.map((piece) => {
      const mesh = scene.meshes[piece.meshIndex];
      const skin = mesh.skin!;
      const K = skin.influencesPerVertex;
      const areas = vertexAreas(restPositions[piece.meshIndex], mesh.topology.triangles, mesh.topology.vertexCount);
      const shares = new Map<number, { area: number; weight: number }>();
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
          jointArea.set(node, (jointArea.get(node) ?? 0) + w * areas[v]);
        }
      }
      return shares;
    });
    const nodeName = (node: number): string => scene.hierarchy.nodes[node].getName() || `node ${node}`;
    const pending: Array<{ piece: Piece; host: Piece; entry: (role: ShellRole, reason: string, host: Piece | null) => SceneShell; name: (other: Piece) => string; joint: string }> = [];
    pieces.forEach((piece, p) => {
      if (piece === body || piece.size >= LARGEST_SHELL * reference) return;
      const shares = pieceJoints[p];
      const count = piece.vertices.length;
      let dominant = -1;
      let dominantArea = -1;
      for (const [node, share] of shares) {
        if (share.area > dominantArea) {
          dominant = node;
          dominantArea = share.area;
        }
      }
      const bound = [...shares].filter(([, share]) => share.weight >= BINDING_SHARE * count).map(([node]) => node);
      const roleOf = (node: number): JointRole => roleOfNode.get(node) ?? 'body';
      const vertices = piece.vertices;
      const entry = (role: ShellRole, reason: string, host: Piece | null): SceneShell => ({
        meshIndex: piece.meshIndex,
        component: scene.meshes[piece.meshIndex].topology.componentCount === 1 && members.length > 1 && piece.meshIndex !== body.meshIndex ? -1 : piece.component,
        vertices,
        role,
        reason,
        host: host ? { meshIndex: host.meshIndex, component: host.component, vertices: host.vertices } : null,
        size: piece.size,
        restingNormal: role === 'part' ? [0, 0, 0] : restingNormal(piece, pieces),
      });
      if (dominant >= 0 && dominantArea >= PART_SHARE * (jointArea.get(dominant) ?? Infinity)) {
        const onAppendage = bound.some((node) => roleOf(node) === 'appendage');
        const rides = piece.size < TINY * reference || (bound.length <= 2 && piece.size < LARGEST_SHELL * reference) || (piece.size < SMALL * reference && !onAppendage);
        if (rides) result.meshes[piece.meshIndex].push(entry('part', `a part of the body modelled apart (it carries ${nodeName(dominant)}'s surface): rides its joints`, null));
        return;
      }
      const host = nearestLarger(piece, pieces, restPositions);
      let rigidShare = 0;
      let total = 0;
      for (const [node, share] of shares) {
        total += share.weight;
        const role = roleOf(node);
        if (role === 'extremity' || role === 'minor') rigidShare += share.weight;
      }
      if (total > 0 && rigidShare >= RIGID_HOST_SHARE * total) {
        result.meshes[piece.meshIndex].push(entry('glued', `on a rigid host (${nodeName(dominant)}): follows it exactly`, host));
        return;
      }
      const name = (other: Piece): string => (other.meshIndex === piece.meshIndex ? `piece ${other.component}` : JSON.stringify(scene.meshes[other.meshIndex].name));
      if (host && piece.genus > 0 && inside(piece.centroid, trianglesOf(host), restPositions[host.meshIndex])) {
        // A ring round its host (a belt, a strap round a thigh): the host passes through it.
        result.meshes[piece.meshIndex].push(entry('glued', `wraps its host (${name(host)}): moves with it`, host));
        return;
      }
      if (!host) return;
      pending.push({ piece, host, entry, name, joint: `${nodeName(dominant)} (${roleOf(dominant)})` });
    });
    // Rings known: a piece threaded on one (a buckle on its belt: at least FASTENED_SHARE of its vertices inside the
    // ring) or sunk into a larger piece (SUNK_SHARE inside it) is glued to it; the others are gear.
    const rings = result.meshes.flat().filter((shell) => shell.reason.startsWith('wraps'));
    for (const { piece, host, entry, name, joint } of pending) {
      const ring = pieces.find((other) => rings.some((r) => r.meshIndex === other.meshIndex && r.vertices === other.vertices) && insideShare(piece, other, FASTENED_SHARE));
      if (ring) {
        result.meshes[piece.meshIndex].push(entry('glued', `fastened to ${name(ring)}: moves with it`, ring));
        continue;
      }
      const embedding = pieces.find((other) => other !== piece && other.size > piece.size && insideShare(piece, other, SUNK_SHARE));
      if (embedding) {
        result.meshes[piece.meshIndex].push(entry('glued', `sunk into ${name(embedding)}: moves with it`, embedding));
        continue;
      }
      result.meshes[piece.meshIndex].push(entry('gear', `gear on ${joint}: swings from where it meets its host`, host));
    }
  }

  // Unskinned meshes: tiny pieces are glued to the largest.
  scene.meshes.forEach((mesh, m) => {
    if (mesh.skin) return;
    const pieces = piecesOf(m).filter((p) => p.vertices.length > 0);
    if (pieces.length < 2) return;
    const largest = pieces.reduce((a, b) => (b.size > a.size ? b : a));
    for (const piece of pieces) {
      if (piece === largest || !(piece.size < TINY * largest.size)) continue;
      result.meshes[m].push({ meshIndex: m, component: piece.component, vertices: piece.vertices, role: 'glued', reason: 'a small piece of an unskinned mesh: follows its largest piece', host: { meshIndex: m, component: largest.component, vertices: largest.vertices }, size: piece.size, restingNormal: restingNormal(piece, pieces) });
    }
  });
  for (const shells of result.meshes) shells.sort((a, b) => a.component - b.component);
  cache.set(scene, result);
  return result;

  /** The triangles of a piece (cached). */
  function trianglesOf(piece: Piece): Uint32Array {
    const key = `${piece.meshIndex}:${piece.component}`;
    let list = trianglesByPiece.get(key);
    if (!list) {
      const { topology } = scene.meshes[piece.meshIndex];
      const out: number[] = [];
      for (let t = 0; t < topology.triangles.length; t += 3) if (topology.componentOfVertex[topology.triangles[t]] === piece.component) out.push(topology.triangles[t], topology.triangles[t + 1], topology.triangles[t + 2]);
      list = Uint32Array.from(out);
      trianglesByPiece.set(key, list);
    }
    return list;
  }

  /**
   * Whether at least `share` of `piece`'s vertices (at most 32, evenly picked) lie inside `other` (none outside its
   * bounding box; it stops as soon as the answer is known).
   */
  function insideShare(piece: Piece, other: Piece, share: number): boolean {
    const positions = restPositions[piece.meshIndex];
    const box = boxOf(other);
    const step = Math.max(1, Math.floor(piece.vertices.length / 32));
    const samples = Math.ceil(piece.vertices.length / step);
    const needed = Math.ceil(share * samples - 1e-9);
    let inner = 0;
    let outer = 0;
    for (let i = 0; i < piece.vertices.length && inner < needed && samples - outer >= needed; i += step) {
      const v = piece.vertices[i];
      const point: [number, number, number] = [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
      if (!point.some((x, c) => x < box[c] || x > box[3 + c]) && inside(point, trianglesOf(other), restPositions[other.meshIndex])) inner++;
      else outer++;
    }
    return inner >= needed && needed > 0;
  }

  /** A piece's bounding box (min x, y, z, max x, y, z), cached. */
  function boxOf(piece: Piece): Float64Array {
    const key = `${piece.meshIndex}:${piece.component}`;
    let box = boxes.get(key);
    if (!box) {
      box = Float64Array.from([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity]);
      const p = restPositions[piece.meshIndex];
      for (const v of piece.vertices) {
        for (let c = 0; c < 3; c++) {
          box[c] = Math.min(box[c], p[3 * v + c]);
          box[3 + c] = Math.max(box[3 + c], p[3 * v + c]);
        }
      }
      boxes.set(key, box);
    }
    return box;
  }

  /** The outward normal of the surface of another piece nearest to `piece`'s centroid (its vertex normal there). */
  function restingNormal(piece: Piece, pieces: readonly Piece[]): [number, number, number] {
    let best = -1;
    let bestMesh = -1;
    let bestDistance = Infinity;
    const [x, y, z] = piece.centroid;
    for (const other of pieces) {
      if (other === piece) continue;
      const p = restPositions[other.meshIndex];
      for (const u of other.vertices) {
        const d = (p[3 * u] - x) ** 2 + (p[3 * u + 1] - y) ** 2 + (p[3 * u + 2] - z) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = u;
          bestMesh = other.meshIndex;
        }
      }
    }
    if (best < 0) return [0, 0, 0];
    const normals = (normalsOf[bestMesh] ??= vertexNormals(restPositions[bestMesh], scene.meshes[bestMesh].topology.triangles, scene.meshes[bestMesh].topology.vertexCount, new Float64Array(restPositions[bestMesh].length)));
    return [normals[3 * best], normals[3 * best + 1], normals[3 * best + 2]];
  }

  /** The nearest piece larger than `piece` (least distance between their vertices), or null. */
  function nearestLarger<P extends Piece>(piece: P, pieces: P[], positions: Float32Array[]): P | null {
    let best: P | null = null;
    let bestDistance = Infinity;
    const own = positions[piece.meshIndex];
    for (const other of pieces) {
      if (other === piece || !(other.size > piece.size)) continue;
      const theirs = positions[other.meshIndex];
      const box = boxOf(other);
      for (const v of piece.vertices) {
        const x = own[3 * v], y = own[3 * v + 1], z = own[3 * v + 2];
        // (a vertex farther from the other's box than the best so far cannot improve it)
        const gx = Math.max(box[0] - x, 0, x - box[3]), gy = Math.max(box[1] - y, 0, y - box[4]), gz = Math.max(box[2] - z, 0, z - box[5]);
        if (gx * gx + gy * gy + gz * gz >= bestDistance) continue;
        for (const u of other.vertices) {
          const d = (theirs[3 * u] - x) ** 2 + (theirs[3 * u + 1] - y) ** 2 + (theirs[3 * u + 2] - z) ** 2;
          if (d < bestDistance) {
            bestDistance = d;
            best = other;
          }
        }
      }
    }
    return best;
  }
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

/**
 * Whether a point lies inside a closed surface: winding number ≥ ½ (the sum of the triangles' signed solid angles over
 * 4π, Van Oosterom and Strackee 1983; exact for one point, no tree needed).
 */
function inside(point: [number, number, number], triangles: Uint32Array, p: Float32Array): boolean {
  const [qx, qy, qz] = point;
  let total = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    const ax = p[3 * a] - qx, ay = p[3 * a + 1] - qy, az = p[3 * a + 2] - qz;
    const bx = p[3 * b] - qx, by = p[3 * b + 1] - qy, bz = p[3 * b + 2] - qz;
    const cx = p[3 * c] - qx, cy = p[3 * c + 1] - qy, cz = p[3 * c + 2] - qz;
    const la = Math.hypot(ax, ay, az), lb = Math.hypot(bx, by, bz), lc = Math.hypot(cx, cy, cz);
    const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const denominator = la * lb * lc + (ax * bx + ay * by + az * bz) * lc + (bx * cx + by * cy + bz * cz) * la + (cx * ax + cy * ay + cz * az) * lb;
    total += 2 * Math.atan2(det, denominator);
  }
  return Math.abs(total / (4 * Math.PI)) >= 0.5;
}
