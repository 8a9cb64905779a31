import type { BakedMeshQuality } from './bakedMeshQuality.ts';
import { bakeWarning, type BakeWarning } from './bakeWarning.ts';

/** A part of the surface moving farther than this fraction of its own size is reported (large-motion). */
export const LARGE_MOTION_FRACTION = 0.25;

/**
 * What an animator must hear about one baked mesh's quality: triangles inside out in the file (or pulled back by the
 * flip guard before it), and the parts of its surface that move more than LARGE_MOTION_FRACTION of their own size (the
 * three largest). Carried parts (gear and glued accessories) are not among them: a pouch swinging on its belt is the
 * motion asked for, bounded by its swing model (GEAR_MAX_ANGLE, about 29°, and a shift of a quarter of its size can
 * take a hanging pouch's far end 40–50% of its size from the animation at a landing), and the advice (lower its weights,
 * a stiffer material) does not apply to it.
 *
 * @param name            the mesh's name
 * @param quality         its quality as measured (bakedMeshQuality, exportedMeshQuality)
 * @param flipGuard       what the flip guard did (BakedMeshStats.flipGuard)
 * @param frameCount      baked frames
 * @param metersPerUnit   the scene's scale (lengths are printed in meters)
 * @returns the warnings, `flipped-triangles` then `large-motion`
 */
export function qualityWarnings(
  name: string,
  quality: BakedMeshQuality,
  flipGuard: { framesCorrected: number; flippedMax: number; correctedVerticesMax: number },
  frameCount: number,
  metersPerUnit: number,
): BakeWarning[] {
  const warnings: BakeWarning[] = [];
  const unit = (meters: number) => `${(meters * metersPerUnit).toPrecision(3)} m`;
  if (quality.flippedTriangles > 0) {
    warnings.push(
      bakeWarning(
        'flipped-triangles',
        `mesh "${name}": triangles turn inside out against the input on ${quality.flippedFrames} of ${frameCount} frames (${quality.flippedTriangles} in the worst): lower the weights there, or use a stiffer material`,
        name,
      ),
    );
  } else if (flipGuard.framesCorrected > 0) {
    // The flip guard kept them out of the file; the animator still needs to know the motion there is not all physics.
    warnings.push(
      bakeWarning(
        'flipped-triangles',
        `mesh "${name}": the simulation turned triangles inside out against the input on ${flipGuard.framesCorrected} of ${frameCount} frames (${flipGuard.flippedMax} in the worst); the bake pulled them back toward the input there (${flipGuard.correctedVerticesMax} vertices in the worst frame): lower the weights there, or use a stiffer material`,
        name,
      ),
    );
  }
  const large = quality.parts
    .map((part, index) => ({ ...part, index, fraction: part.size > 0 ? part.maxDisplacement / part.size : 0 }))
    .filter((part) => !part.carried && part.fraction > LARGE_MOTION_FRACTION)
    .sort((a, b) => b.fraction - a.fraction);
  for (const part of large.slice(0, 3)) {
    warnings.push(
      bakeWarning(
        'large-motion',
        `mesh "${name}": part ${part.index} (${part.vertexCount} vertices, ${unit(part.size)} across) moves up to ${unit(part.maxDisplacement)} from the input, ${Math.round(100 * part.fraction)}% of its size: lower its weights or use a stiffer material`,
        name,
      ),
    );
  }
  return warnings;
}
