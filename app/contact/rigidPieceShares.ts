/**
 * Gives every vertex of a rigid piece the piece's largest share, in place: the final contact check's correction of a
 * carried shell (bakeContact's rigidPieces). A uniform blend between two rigid poses of a piece turns none of its
 * triangles inside out (their rotations differ by less than a half turn); a falloff across it bends it.
 *
 * @param pieces      #S the piece of each vertex (-1: none)
 * @param shares      #S each vertex's share of the correction (overwritten on pieces' vertices)
 * @param pieceShare  #pieces scratch (overwritten)
 */
export function rigidPieceShares(pieces: Int32Array, shares: Float32Array, pieceShare: Float32Array): void {
  pieceShare.fill(0);
  for (let v = 0; v < pieces.length; v++) if (pieces[v] >= 0 && shares[v] > pieceShare[pieces[v]]) pieceShare[pieces[v]] = shares[v];
  for (let v = 0; v < pieces.length; v++) if (pieces[v] >= 0) shares[v] = pieceShare[pieces[v]];
}
