import type { OgcContactOptions, OgcContactSettings } from '../types.ts';

/**
 * The settings of an OGC contact from its options, checked: counts, contact radius r (seed 000 §5.1.1) and query
 * radius r_q ≥ r, the bound's γ_p ∈ (0, 0.5) (Eq. 5.20), the re-detection fraction γ_e, the search's margin m ≥ 0,
 * radius D = r_q + 2m and box growths, and the full-search fraction.
 *
 * @param options  OgcContactOptions (SI units)
 * @throws RangeError naming the bad option
 */
export function ogcContactSettings(options: OgcContactOptions): OgcContactSettings {
  const V = options.simulationVertexCount;
  const S = options.pointVertices.length / 4;
  const O = options.obstacleVertexCount ?? 0;
  const P = S + O;
  const r = options.radius;
  const rq = options.queryRadius ?? 2 * r;
  if (!(r > 0 && Number.isFinite(r))) throw new RangeError(`ogcContact: radius must be a positive length, got ${r}`);
  if (!(rq >= r)) throw new RangeError(`ogcContact: queryRadius (${rq}) must be ≥ radius (${r})`);
  const gammaP = options.boundRelaxation ?? 0.45;
  if (!(gammaP > 0 && gammaP < 0.5)) throw new RangeError(`ogcContact: boundRelaxation must be in (0, 0.5), got ${gammaP}`);
  const gammaE = options.redetectionFraction ?? 0.01;
  const selfContact = options.selfContact ?? true;
  const localRings = options.localRings ?? 0;
  // The search's radius D = r_q + 2m.
  // r/2 measured best on the bench's 5k cloth dropped on a sphere (same process, CPU time of the contact hooks per
  // frame): m = r/2 79 searches 209–230 ms, m = r 40 searches 300–351 ms, m = 2r 22 searches 297–352 ms. The larger
  // lists cost every detection more than the searches they save.
  const searchMargin = options.searchMargin ?? 0.5 * r;
  if (!(searchMargin >= 0)) throw new RangeError(`ogcContact: searchMargin must be ≥ 0, got ${searchMargin}`);
  const searchRadius = rq + 2 * searchMargin;
  const fullSearchFraction = options.fullSearchFraction ?? 0.25;
  if (!(fullSearchFraction >= 0)) throw new RangeError(`ogcContact: fullSearchFraction must be ≥ 0, got ${fullSearchFraction}`);
  return {
    options,
    V,
    S,
    O,
    P,
    r,
    rq,
    gammaP,
    gammaE,
    selfContact,
    localRings,
    searchMargin,
    searchRadius,
    triangleGrowth: searchRadius,
    edgeGrowth: 0.5 * searchRadius,
    fullSearchFraction,
  };
}
