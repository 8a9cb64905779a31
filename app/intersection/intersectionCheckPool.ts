import type { CheckedMesh, FrameIntersections, IntersectionCheckOptions } from './checker/types.ts';

/** IntersectionCheckOptions that can cross to another thread: the mesh pairs as a list instead of a function. */
export interface PortableCheckOptions {
  /** per mesh: whether to test the mesh against itself (default all) */
  self?: boolean[];
  /** the pairs of meshes to test against each other, flat [a₀, b₀, a₁, b₁, …] with a < b (default all) */
  pairs?: number[];
  /** also list every intersecting pair (pairList) */
  listPairs?: boolean;
  /** an earlier check to start from (IntersectionCheckOptions.since) */
  since?: { positions: ArrayLike<number>[]; result: Pick<FrameIntersections, 'total' | 'pairList'> };
}

/** A checker of fixed meshes whose checks run on other threads (IntersectionCheckPool.open). */
export interface PooledChecker {
  /**
   * One check, as intersectionChecker's check() computes it (the checker is exact: the answer is the same on any
   * thread, whatever that thread checked before).
   * @param positions  per mesh, #V×3 positions (copied: the caller may reuse its arrays at once)
   * @rejects when the pool is closed or a worker failed: the caller checks on its own thread instead
   */
  check(positions: readonly ArrayLike<number>[], options?: PortableCheckOptions): Promise<FrameIntersections>;
  /** frees the checker on every worker */
  close(): void;
}

/**
 * Exact intersection checks run beside the caller (worker threads in Node: app/intersection/node/nodeCheckPool.ts).
 * A bake hands one to its contact (the next frames' input checks run while the current frame simulates) and its
 * export (the replay check of every frame at once); without one, they run in turn on the bake's thread.
 */
export interface IntersectionCheckPool {
  /** workers the checks are spread over */
  readonly size: number;
  /** surfaces with fewer triangles are better checked on the caller's thread (their checks save less than the workers cost) */
  readonly minTriangles: number;
  /** Starts the workers now, if they are not running (a bake with contact calls it before its set-up). */
  start(): void;
  /**
   * A checker of these meshes on the pool's workers.
   * @param meshes  the meshes
   * @param warm    per mesh, positions to build each worker's broad phase on at once (the rest pose), so that the
   *                first check does not pay for it
   */
  open(meshes: readonly CheckedMesh[], warm?: readonly ArrayLike<number>[]): PooledChecker;
  /** ends every worker; pending checks reject */
  close(): Promise<void>;
}

/**
 * The checker's options from their portable form.
 *
 * @param options  portable options
 * @returns the same options for IntersectionChecker.check
 */
export function checkOptionsOf(options: PortableCheckOptions): IntersectionCheckOptions {
  const { pairs, ...rest } = options;
  if (!pairs) return rest;
  const wanted = new Set<number>();
  for (let k = 0; k + 1 < pairs.length; k += 2) wanted.add(pairs[k] * 65536 + pairs[k + 1]);
  return { ...rest, pairs: (a, b) => wanted.has(a * 65536 + b) };
}
