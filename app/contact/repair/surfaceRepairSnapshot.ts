import type { SurfaceRepairSnapshot, SurfaceRepairState } from './types.ts';

/**
 * What the next repair starts from (SurfaceRepair.snapshot): the last repaired frame and its colliders, copied.
 *
 * @param state  the repair
 * @returns #V×3 safe state, each collider's positions, whether a frame was repaired
 */
export function surfaceRepairSnapshot(state: SurfaceRepairState): SurfaceRepairSnapshot {
  return { safe: Float64Array.from(state.safe), safeColliders: state.safeColliders.map((c) => Float64Array.from(c)), hasPrevious: state.hasPrevious };
}

/**
 * Continues from a snapshot of the same surface and colliders (SurfaceRepair.restore), or from the start (null: the
 * rest pose, the colliders' rest poses, no frame repaired).
 *
 * @param state     the repair
 * @param snapshot  a snapshot, or null
 * @throws RangeError when the snapshot is of another surface or other colliders
 */
export function restoreSurfaceRepair(state: SurfaceRepairState, snapshot: SurfaceRepairSnapshot | null): void {
  const { safe, colliders } = state;
  if (!snapshot) {
    safe.set(state.options.restPositions);
    state.safeColliders = state.initialColliders.map((c) => Float64Array.from(c));
    state.hasPrevious = false;
    return;
  }
  if (
    snapshot.safe.length !== safe.length ||
    snapshot.safeColliders.length !== colliders.length ||
    snapshot.safeColliders.some((c, i) => c.length !== 3 * colliders[i].vertexCount)
  ) {
    throw new RangeError('surfaceRepair.restore: the snapshot is of another surface or other colliders');
  }
  safe.set(snapshot.safe);
  state.safeColliders = snapshot.safeColliders.map((c) => Float64Array.from(c));
  state.hasPrevious = snapshot.hasPrevious;
}
