import { surfaceRepair, type RepairedFrame, type RepairReasons, type SurfaceRepairOptions, type SurfaceRepairSnapshot } from './surfaceRepair.ts';

/** The repair of one baked mesh (the report's `repair` entry). */
export interface BakeRepairStats {
  /** per input frame the bake evaluated, in time order: its time [s] and what the repair found and did */
  frames: Array<RepairedFrame & { time: number }>;
  /** sums over the frames: pairs removed and left (outside the rest pose's regions), and why they were left */
  removed: number;
  remaining: number;
  reasons: RepairReasons;
  /** wall seconds of the repair, summed over the frames */
  seconds: number;
}

/** Repairs a mesh's input frames for a bake, each time once, in the order the bake asks for them. */
export interface BakeRepair {
  readonly stats: BakeRepairStats;
  /**
   * The repaired input at a clip time, in place: computed the first time a time is asked for (times must come in the
   * order the animation plays, which the bake's frame loop does), the stored result after that.
   *
   * @param time       clip time [s]
   * @param positions  #V×3 the input at that time [m], replaced by the repaired one
   * @param colliders  each collider's positions at that time [m]
   */
  apply(time: number, positions: Float32Array, colliders?: readonly ArrayLike<number>[]): void;
  /** The state between two frames (the repaired frames so far and where the next repair starts), for a checkpoint. */
  snapshot(): BakeRepairSnapshot;
  /** Continues from a snapshot, with these statistics (a copy is taken); null: from the start, statistics cleared. */
  restore(snapshot: BakeRepairSnapshot | null, stats?: BakeRepairStats): void;
}

/** BakeRepair's state between two frames. */
export interface BakeRepairSnapshot extends SurfaceRepairSnapshot {
  /** the clip times repaired so far, in the order they were, and each one's repaired surface (#V×3 [m]) */
  times: Float64Array;
  repaired: Float32Array[];
}

/**
 * `--repair` in a bake (app/bake calls it): every input frame of a simulated mesh goes through surfaceRepair before the
 * simulation sees it, so the simulation follows an animation without the intersections it adds to the rest pose's
 * (outside the rest pose's input regions),
 * and weight-0 regions reproduce the repaired input. Each clip time is repaired once and kept, so the bake's
 * look-ahead and its loops ask for the same result again.
 *
 * @param options  the surface and its colliders (surfaceRepair)
 * @returns the repair
 */
export function bakeRepair(options: SurfaceRepairOptions): BakeRepair {
  const repair = surfaceRepair(options);
  const done = new Map<number, Float32Array>();
  const stats: BakeRepairStats = { frames: [], removed: 0, remaining: 0, reasons: { collider: 0, start: 0, steps: 0 }, seconds: 0 };
  return {
    stats,
    // A repaired frame is never written after it is stored, so snapshots share the arrays instead of copying them (a
    // live preview snapshots every few frames: copies would grow with the square of the frames).
    snapshot() {
      return { ...repair.snapshot(), times: Float64Array.from(done.keys()), repaired: [...done.values()] };
    },
    restore(snapshot, saved) {
      repair.restore(snapshot);
      done.clear();
      if (snapshot) snapshot.times.forEach((time, i) => done.set(time, snapshot.repaired[i]));
      const fresh: BakeRepairStats = saved
        ? structuredClone(saved)
        : { frames: [], removed: 0, remaining: 0, reasons: { collider: 0, start: 0, steps: 0 }, seconds: 0 };
      Object.assign(stats, fresh);
    },
    apply(time, positions, colliders = []) {
      const stored = done.get(time);
      if (stored) {
        positions.set(stored);
        return;
      }
      const started = performance.now();
      const frame = repair.repair(positions, colliders);
      stats.seconds += (performance.now() - started) / 1000;
      stats.frames.push({ ...frame, time });
      stats.removed += frame.removed;
      stats.remaining += frame.after;
      for (const reason of ['collider', 'start', 'steps'] as const) stats.reasons[reason] += frame.reasons[reason];
      done.set(time, Float32Array.from(positions));
    },
  };
}
