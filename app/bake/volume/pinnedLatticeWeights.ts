import { tetVertexWeights } from '../../embedding/index.ts';
import type { VolumeState } from './volumeState.ts';

/**
 * The surface weights carried into the lattice (tetVertexWeights, at setup and on setBlendWeights), written into
 * state.latticeWeights with the pins and the driver core: every lattice vertex of a weight-0 surface vertex's tet is
 * pinned (0), and in every piece that no pinned vertex holds, the skeleton core is pinned instead (unless
 * controls.freeBody): uniform weight 1 would otherwise hover or collapse.
 *
 * DESIGN NOTES (the rim of a soft region)
 * A weight-0 surface vertex follows the animation exactly: every lattice vertex of its tet is pinned, so the
 * lattice itself does not move it. With the averaged weights alone, the lattice moved the weight-0 rim of a soft
 * region by up to 2.6 cm on the sample's landing, which the surface guard then snapped back: a crease along every rim.
 * The rim's remaining kink (sample landing, frames 50–58: max 0.287, rms 0.040 on edges with a vertex below 0.05)
 * is the spline reading free lattice vertices next to these pins (3 mm at the rim, snapped back by the guard within
 * one mesh ring) plus the linear rise weight × lag of the painted weights. Measured, not kept (branch gradedpin,
 * 89825f0): blend weights scaled by smoothstep((d − 0.75)/1.25), d the lattice distance in cells from the nearest
 * weight-0 vertex, gave 0.145/0.021 (Fox Walk rim 0.095 → 0.059, away kinks a little lower) but 17% less motion
 * on the soft region and worse compact normal shapes (bakedDocument lighting: 0.64 → 0.735 of the uncorrected
 * angle, limit 0.7); start 0.5: 0.190/0.027 and 0.704. Pinning every lattice vertex the rim's spline reads: 0.023,
 * half the motion. Ramping only what the surface reads (not the simulation) raised the away kinks (0.18 → 0.24).
 * Second round (branch gradedpin2, nothing kept; rim/away kink max/rms, soft motion = rms offset from the input
 * where the painted w ≥ 0.05 over frames 0–58, edge sets from the painted weights; baseline 0.287/0.040,
 * 0.180/0.024, 9.59 mm). C¹ default weights (animatorWeights, after the smoothing) do not reach the rim: the
 * sample's mesh resolves it in one ring (edge 3.4 cm, first-ring weights 0.05–0.11), so a ramp narrow enough to
 * keep the motion changes nothing and a wider one pushes the first ring under the surface guard's 0.05, whose
 * w/0.05 is itself a C⁰ ramp. w·smoothstep(w/w₀): w₀ 0.1 unchanged, 0.2 0.255/0.042, 0.3 0.363/0.051, 0.5
 * 0.423/0.048 (−15% motion); with the guard moved to the same weights (0.3: 0.273/0.038; 0.5: 0.223/0.030 at
 * −15%). w·smoothstep(d/D), d the surface distance to weight 0, D in diagonals: 0.05 0.229/0.041 (−1%), 0.1
 * 0.433/0.056; guard at 0.005: 0.1 0.239/0.033 (−7%), 0.15 0.168/0.023, away 0.149 (−20%). With the graded pin
 * (0.145/0.021, −17%): w₀ 0.15 0.144, 0.2 0.136, 0.3 0.210, D 0.05 0.141, motion −18 to −20%; a narrower pin
 * (start/end 0.25/1.5 cells 0.268, 0.5/1.25 0.278) does little: the spline reads 1.5 cells. A surface guard
 * smoothstep(d/D) on top of w/0.05: D 0.03 0.224/0.039, 0.05 0.369/0.048, 0.1 0.170/0.021 but away 0.270.
 * The lighting test (bakedDocument, counted vertices: authored normal = surface's, turned > 0.05 rad): hard
 * pins 756 counted, input-vs-baked 0.0808, output-vs-baked 0.0518 (0.642); graded pin 506, 0.0803, 0.0588
 * (0.732). On the 506 counted in both: 0.0912/0.0662 (0.726) without the pin, 0.0803/0.0588 (0.732) with it:
 * the compact normals got 11% better in absolute terms, as much as the turn shrank. The ratio rose because the
 * gentler motion dropped 250 vertices under the 0.05-rad cut, which were well corrected (0.0597/0.0227, 0.38;
 * frame 30: 109 → 34 counted), a selection effect of the test, not worse normals.
 *
 * @param state    the simulation (embedding, weight map, core, controls.freeBody); latticeWeights and piecePinned written
 * @param weights  #S surface weights in [0, 1]
 * @returns the lattice vertices pinned as a driver core, and the pieces no weight-0 vertex pins
 */
export function pinnedLatticeWeights(
  state: Pick<VolumeState, 'embedding' | 'weightMap' | 'latticeWeights' | 'core' | 'piecePinned' | 'controls'>,
  weights: ArrayLike<number>,
): { driverVertices: number; unpinnedPieces: number } {
  const { embedding, latticeWeights, core, piecePinned, controls } = state;
  tetVertexWeights(state.weightMap, weights, latticeWeights);
  for (let s = 0; s < embedding.surfaceVertexCount; s++) {
    if (weights[s] !== 0) continue;
    const t = embedding.surfaceTet[s];
    for (let i = 0; i < 4; i++) if (embedding.surfaceBarycentric[4 * s + i] > 0) latticeWeights[embedding.tetrahedra[4 * t + i]] = 0;
  }
  piecePinned.fill(0);
  for (let v = 0; v < embedding.vertexCount; v++) if (core.piece[v] >= 0 && latticeWeights[v] === 0) piecePinned[core.piece[v]] = 1;
  let driven = 0;
  let unpinned = 0;
  for (let p = 0; p < core.pieceCount; p++) if (!piecePinned[p]) unpinned++;
  for (let v = 0; v < embedding.vertexCount; v++) {
    if (!controls.freeBody && core.piece[v] >= 0 && !piecePinned[core.piece[v]] && core.core[v]) {
      latticeWeights[v] = 0;
      driven++;
    }
  }
  return { driverVertices: driven, unpinnedPieces: unpinned };
}
