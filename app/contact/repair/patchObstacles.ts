import type { RepairPatch } from './repairPatch.ts';
import type { SurfaceRepairState } from './types.ts';

/** A patch's own triangles and the kinematic obstacles around it (patchObstacles). */
export interface PatchObstacles {
  /** #Tp×3 the patch's triangles, in patch numbering */
  patchTriangles: number[];
  /** #To×3 the obstacles' triangles: nearby surface triangles outside the patch, then the colliders' */
  obstacleTriangles: number[];
  /** #O×3 the obstacle points at the safe state and at the input frame [m] (surface points, then colliders') */
  obstacleStart: Float64Array;
  obstacleEnd: Float64Array;
}

/**
 * The patch's triangles and its obstacles for one repair: every surface triangle with all three corners in the patch
 * is the patch's; one with a corner outside it is an obstacle when a corner comes near the patch, i.e. within twice
 * the reach (the largest move of a patch vertex from the safe state to the input, at least the gap) of the patch's
 * box over both states (the whole surface as obstacles made every search walk the layered character's 12k
 * triangles); the colliders follow. Obstacles move from the safe state to the input frame (the colliders too, except
 * at the first frame, where they stand at the input).
 *
 * @param state      the repair (the safe state, the colliders' safe positions)
 * @param positions  #V×3 the input frame [m]
 * @param colliders  each collider's positions at the frame [m]
 * @param patch      the patch (repairPatch)
 * @returns the patch's triangles, the obstacles' triangles and their points at both states
 */
export function patchObstacles(
  state: SurfaceRepairState,
  positions: ArrayLike<number>,
  colliders: readonly ArrayLike<number>[],
  { local, patch }: RepairPatch,
): PatchObstacles {
  const { safe, triangles } = state;
  const T = triangles.length / 3;
  const patchTriangles: number[] = [];
  const obstacleTriangles: number[] = [];
  const obstacleOf = new Int32Array(state.vertexCount).fill(-1);
  const obstacleVertices: number[] = [];
  const obstacle = (v: number): number => {
    if (obstacleOf[v] < 0) {
      obstacleOf[v] = obstacleVertices.length;
      obstacleVertices.push(v);
    }
    return obstacleOf[v];
  };
  // The patch's box over the safe state and the input, grown by their largest difference and the gap: other
  // triangles outside it cannot come near the patch during the repair.
  const box = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  let reach = state.gap;
  for (const v of patch) {
    for (let c = 0; c < 3; c++) {
      box[c] = Math.min(box[c], safe[3 * v + c], positions[3 * v + c]);
      box[3 + c] = Math.max(box[3 + c], safe[3 * v + c], positions[3 * v + c]);
    }
    reach = Math.max(reach, Math.hypot(safe[3 * v] - positions[3 * v], safe[3 * v + 1] - positions[3 * v + 1], safe[3 * v + 2] - positions[3 * v + 2]));
  }
  const near = (v: number): boolean => {
    for (let c = 0; c < 3; c++) {
      const lo = Math.min(safe[3 * v + c], positions[3 * v + c]),
        hi = Math.max(safe[3 * v + c], positions[3 * v + c]);
      if (hi < box[c] - 2 * reach || lo > box[3 + c] + 2 * reach) return false;
    }
    return true;
  };
  for (let t = 0; t < T; t++) {
    const a = triangles[3 * t],
      b = triangles[3 * t + 1],
      c = triangles[3 * t + 2];
    if (a === b || b === c || c === a) continue;
    if (local[a] >= 0 && local[b] >= 0 && local[c] >= 0) patchTriangles.push(local[a], local[b], local[c]);
    else if (near(a) || near(b) || near(c)) obstacleTriangles.push(obstacle(a), obstacle(b), obstacle(c));
  }
  // Collider points after the surface's obstacle points.
  let colliderBase = obstacleVertices.length;
  const colliderBases: number[] = [];
  state.colliders.forEach((c) => {
    colliderBases.push(colliderBase);
    for (const v of c.triangles) obstacleTriangles.push(v + colliderBase);
    colliderBase += c.vertexCount;
  });
  const O = colliderBase;
  const fill = (surface: ArrayLike<number>, frameColliders: readonly ArrayLike<number>[], out: Float64Array): void => {
    obstacleVertices.forEach((v, k) => {
      for (let c = 0; c < 3; c++) out[3 * k + c] = surface[3 * v + c];
    });
    state.colliders.forEach((c, i) => {
      const source = frameColliders[i];
      for (let k = 0; k < 3 * c.vertexCount; k++) out[3 * colliderBases[i] + k] = source ? source[k] : 0;
    });
  };
  const obstacleStart = new Float64Array(3 * O);
  const obstacleEnd = new Float64Array(3 * O);
  fill(safe, state.safeColliders, obstacleStart);
  fill(positions, colliders, obstacleEnd);
  if (!state.hasPrevious) obstacleStart.set(obstacleEnd.subarray(obstacleVertices.length * 3), obstacleVertices.length * 3);
  return { patchTriangles, obstacleTriangles, obstacleStart, obstacleEnd };
}
