import type { BrushFalloff } from '../store/index.ts';

/**
 * The brush's strength profile at a distance from its centre, as Blender's brush curves: 1 at the
 * centre, 0 at the rim. `smooth` is the smoothstep of 1 − t (flat top, soft edge), `linear` 1 − t,
 * `sharp` (1 − t)², `constant` 1 inside the radius.
 *
 * @param falloff   profile
 * @param distance  from the brush centre (any unit)
 * @param radius    brush radius (same unit), > 0
 * @returns weight in [0, 1]
 */
export function brushFalloff(falloff: BrushFalloff, distance: number, radius: number): number {
  if (!(distance < radius)) return 0;
  const u = 1 - distance / radius;
  switch (falloff) {
    case 'constant':
      return 1;
    case 'linear':
      return u;
    case 'sharp':
      return u * u;
    default:
      return u * u * (3 - 2 * u);
  }
}
