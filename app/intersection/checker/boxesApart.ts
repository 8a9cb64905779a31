/**
 * Whether box A[o..o+6) and box B[q..q+6) (min xyz, max xyz) are apart, as a number: 0 when they overlap (closed test,
 * touching counts), non-zero when some axis separates them. Branch-free (each comparison a 0/1 number, or-ed): the
 * checker's box tests come out close to random, and a mispredicted branch costs more than evaluating every term.
 *
 * @param A  boxes, 6 numbers each [m]
 * @param o  where the first box starts in A
 * @param B  boxes, 6 numbers each [m]
 * @param q  where the second box starts in B
 * @returns 0 when the boxes overlap
 */
export function boxesApart(A: Float64Array, o: number, B: Float64Array, q: number): number {
  return +(A[o] > B[q + 3]) | +(A[o + 1] > B[q + 4]) | +(A[o + 2] > B[q + 5]) | +(B[q] > A[o + 3]) | +(B[q + 1] > A[o + 4]) | +(B[q + 2] > A[o + 5]);
}
