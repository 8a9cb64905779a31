import { boxSpatialHash } from '../../geometry/index.ts';
import { featureRegion, inputRegions } from '../../intersection/index.ts';
import { regionTopology } from '../../intersection/index.ts';
import { intersectionChecker } from '../../intersection/index.ts';
import { pointTriangleClosestPoint } from '../../geometry/index.ts';

/** The pieces an edit carries along (pieceAttachments). */
export interface PieceAttachments {
  /** the carried pieces' vertices, increasing: make them handle vertices of the edit */
  readonly vertices: Int32Array;
  /** how many pieces are carried, and how many floating pieces found nothing to follow (they stay where they are) */
  readonly pieces: number;
  readonly unattached: number;
  /**
   * Each carried vertex's target for the current positions of the rest: its start moved by the blend of its nearest
   * anchors' moves (the host points they sit on, from the start to now), as a wrap deformer carries gear.
   *
   * @param positions  #V×3 the edit's current positions [m] (the hosts' part is read)
   * @param out        #vertices×3 targets, in `vertices` order [m]
   */
  targets(positions: ArrayLike<number>, out: Float64Array): void;
}

/** Anchors per piece at most (evenly spread over its vertices): each costs a lookup at the start. */
const MAX_ANCHORS = 64;
/** A piece's blend weights are 1 / (d² + ε²) with ε this fraction of its diameter (smooth across the piece). */
const BLEND_SOFTENING = 0.1;

/**
 * The pieces of a mesh that no handle reaches, carried by the surface they are set into. A character's gear (a plate,
 * a shoulder pad, a pouch) is modelled as separate shells set into the body and skinned to its bones; ARAP sees each as
 * its own connected component, and one without a handle vertex has nothing to follow: the full solver holds it where
 * it is and the reduced one had nothing to make its block definite. So a drag that bends the shoulder left the pad in
 * the air while the arm went up through it (the layered test character: with self-contact on, the arm pressed into the
 * held pad and tore). Here each such piece is attached to the surface it is set into, as a DCC's wrap deformer binds
 * gear to a body: the host triangles are those of handled pieces inside the piece's own input regions at the start
 * (app/contact inputRegions: where it cuts into them; a pouch's belly and belt, not the hand hanging beside it, which
 * anchored the pouch to the hand and carried it 13 cm up with the dragged arm), or, for a piece that cuts nothing, any
 * within `reach`; some of its vertices (up to MAX_ANCHORS, evenly spread) anchor at the closest point of such a host
 * triangle, and every vertex of the piece moves by the blend of all its
 * anchors' moves (weights 1 / (d² + ε²), d its distance to the anchored vertex at the start, ε a tenth of the piece's
 * diameter: smooth over the piece; blending the six nearest switched anchors between neighbours and stretched a thigh
 * strap's 5 mm edges by 100%). Where the
 * host does not move the piece stays exactly where it was, and two pieces set into the same skin move alike (a rigid
 * fit of each piece's anchors instead turned neighbouring pouches by a few degrees each, into each other). A piece
 * with fewer than three anchors within reach is left as the solvers leave it (held).
 *
 * @param triangles    #F×3 the edited surface's triangles
 * @param componentOf  #V connected component of each vertex (ArapModel.componentOf)
 * @param startPositions  #V×3 the positions the edit starts from [m] (copied)
 * @param handles      the edit's handle vertices (moving and fixed): a component holding one is a host
 * @param reach        how far from its host a piece may lie and still be carried [m]
 * @returns the carried pieces
 */
export function pieceAttachments(
  triangles: ArrayLike<number>,
  componentOf: ArrayLike<number>,
  startPositions: ArrayLike<number>,
  handles: ArrayLike<number>,
  reach: number,
): PieceAttachments {
  const start = Float64Array.from(startPositions);
  const V = componentOf.length;
  const F = Math.floor(triangles.length / 3);
  let componentCount = 0;
  for (let v = 0; v < V; v++) componentCount = Math.max(componentCount, componentOf[v] + 1);
  const handled = new Uint8Array(componentCount);
  for (let k = 0; k < handles.length; k++) handled[componentOf[handles[k]]] = 1;
  const members: number[][] = Array.from({ length: componentCount }, () => []);
  for (let v = 0; v < V; v++) if (!handled[componentOf[v]]) members[componentOf[v]].push(v);
  const floating = members.map((list, c) => (list.length > 0 && !handled[c] ? c : -1)).filter((c) => c >= 0);
  const empty: PieceAttachments = { vertices: new Int32Array(0), pieces: 0, unattached: floating.length, targets() {} };
  if (floating.length === 0 || !(reach > 0)) return empty;

  // The input regions at the start: a piece's hosts are the handled triangles inside its own regions.
  const checker = intersectionChecker([{ name: 'surface', triangles, vertexCount: V }]);
  const labels = inputRegions(regionTopology([{ triangles, vertexCount: V, edges: checker.edges[0] }]), [checker.check([start], { listPairs: true })])
    .labels[0];
  const triangleLabel = new Uint32Array(F);
  for (let f = 0; f < F; f++) triangleLabel[f] = featureRegion(labels[triangles[3 * f]], labels[triangles[3 * f + 1]], labels[triangles[3 * f + 2]]);
  // Host triangles (every corner in a handled component), boxes grown by the reach.
  const hostTriangles: number[] = [];
  for (let f = 0; f < F; f++) if (handled[componentOf[triangles[3 * f]]]) hostTriangles.push(f);
  const H = hostTriangles.length;
  if (H === 0) return empty;
  const boxes = new Float64Array(6 * H);
  for (let h = 0; h < H; h++) {
    const f = hostTriangles[h];
    for (let c = 0; c < 3; c++) {
      let lo = Infinity,
        hi = -Infinity;
      for (let k = 0; k < 3; k++) {
        const x = start[3 * triangles[3 * f + k] + c];
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
      boxes[6 * h + c] = lo - reach;
      boxes[6 * h + 3 + c] = hi + reach;
    }
  }
  const hash = boxSpatialHash(H);
  hash.build(boxes, H);
  const closest = new Float64Array(4);

  interface Piece {
    vertices: number[];
    /** per anchor: host triangle corners and weights, and where it was at the start */
    anchorCorners: number[];
    anchorWeights: number[];
    anchorStart: number[];
    /** per vertex, per anchor: the normalized blend weight (#vertices × #anchors) */
    blend: Float64Array;
  }
  const pieces: Piece[] = [];
  let unattached = 0;
  for (const c of floating) {
    const list = members[c];
    const own = new Set<number>();
    for (const v of list) if (labels[v] !== 0) own.add(labels[v]);
    const regionHosts: number[] = [];
    if (own.size > 0) for (const f of hostTriangles) if (own.has(triangleLabel[f])) regionHosts.push(f);
    const stride = Math.max(1, Math.ceil(list.length / MAX_ANCHORS));
    const anchorCorners: number[] = [];
    const anchorWeights: number[] = [];
    const anchorStart: number[] = [];
    const anchorVertex: number[] = [];
    for (let i = 0; i < list.length; i += stride) {
      const v = list[i];
      const x = start[3 * v],
        y = start[3 * v + 1],
        z = start[3 * v + 2];
      const found = regionHosts.length > 0 ? regionHosts.length : hash.query(x, y, z, x, y, z);
      let best = -1,
        bestDistance = regionHosts.length > 0 ? Infinity : reach * reach,
        w0 = 0,
        w1 = 0,
        w2 = 0;
      for (let q = 0; q < found; q++) {
        const f = regionHosts.length > 0 ? regionHosts[q] : hostTriangles[hash.candidates[q]];
        const d = pointTriangleClosestPoint(start, triangles[3 * f], triangles[3 * f + 1], triangles[3 * f + 2], x, y, z, closest);
        if (d < bestDistance) {
          bestDistance = d;
          best = f;
          w0 = closest[0];
          w1 = closest[1];
          w2 = closest[2];
        }
      }
      if (best < 0) continue;
      anchorCorners.push(triangles[3 * best], triangles[3 * best + 1], triangles[3 * best + 2]);
      anchorWeights.push(w0, w1, w2);
      for (let k = 0; k < 3; k++)
        anchorStart.push(w0 * start[3 * triangles[3 * best] + k] + w1 * start[3 * triangles[3 * best + 1] + k] + w2 * start[3 * triangles[3 * best + 2] + k]);
      anchorVertex.push(v);
    }
    const count = anchorVertex.length;
    if (count < 3) {
      unattached++;
      continue;
    }
    // Each vertex's weights over the anchors (by the anchored vertices' start positions).
    let diameter2 = 0;
    for (const v of list) {
      const u = list[0];
      diameter2 = Math.max(
        diameter2,
        (start[3 * v] - start[3 * u]) ** 2 + (start[3 * v + 1] - start[3 * u + 1]) ** 2 + (start[3 * v + 2] - start[3 * u + 2]) ** 2,
      );
    }
    const epsilon2 = 4 * BLEND_SOFTENING ** 2 * diameter2 + 1e-24;
    const blend = new Float64Array(count * list.length);
    list.forEach((v, i) => {
      let sum = 0;
      for (let a = 0; a < count; a++) {
        const u = anchorVertex[a];
        const d2 = (start[3 * v] - start[3 * u]) ** 2 + (start[3 * v + 1] - start[3 * u + 1]) ** 2 + (start[3 * v + 2] - start[3 * u + 2]) ** 2;
        blend[count * i + a] = 1 / (d2 + epsilon2);
        sum += blend[count * i + a];
      }
      for (let a = 0; a < count; a++) blend[count * i + a] /= sum;
    });
    pieces.push({ vertices: list, anchorCorners, anchorWeights, anchorStart, blend });
  }
  const vertices = Int32Array.from(pieces.flatMap((piece) => piece.vertices)).sort();
  const slot = new Map<number, number>();
  vertices.forEach((v, i) => slot.set(v, i));
  return {
    vertices,
    pieces: pieces.length,
    unattached,
    targets(positions, out) {
      for (const piece of pieces) {
        // Each anchor's move: the host point it sits on, now less at the start.
        const count = piece.anchorWeights.length / 3;
        const moved = new Float64Array(3 * count);
        for (let a = 0; a < count; a++) {
          for (let k = 0; k < 3; k++) {
            let value = 0;
            for (let j = 0; j < 3; j++) value += piece.anchorWeights[3 * a + j] * positions[3 * piece.anchorCorners[3 * a + j] + k];
            moved[3 * a + k] = value - piece.anchorStart[3 * a + k];
          }
        }
        piece.vertices.forEach((v, i) => {
          const o = 3 * slot.get(v)!;
          for (let k = 0; k < 3; k++) out[o + k] = start[3 * v + k];
          for (let a = 0; a < count; a++) {
            const w = piece.blend[count * i + a];
            for (let k = 0; k < 3; k++) out[o + k] += w * moved[3 * a + k];
          }
        });
      }
    },
  };
}
