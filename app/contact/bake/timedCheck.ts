import type { FrameIntersections, IntersectionChecker, IntersectionCheckOptions } from '../../intersection/index.ts';
import type { BakeContactState } from './types.ts';

/**
 * One exact check (app/intersection), its wall time added to the report's `seconds.checks`.
 *
 * @param state      the bake contact (its stats are timed)
 * @param checker    state.checker (the surface and colliders) or state.neighbourChecker (the surface and neighbours)
 * @param positions  per mesh of the checker, #V×3 positions [m]
 * @param options    the check's options
 * @returns the check
 */
export function timedCheck(
  state: BakeContactState,
  checker: IntersectionChecker,
  positions: readonly ArrayLike<number>[],
  options: IntersectionCheckOptions,
): FrameIntersections {
  const start = performance.now();
  const result = checker.check(positions, options);
  state.stats.seconds.checks += (performance.now() - start) / 1000;
  return result;
}
