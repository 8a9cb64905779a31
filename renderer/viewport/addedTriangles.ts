/**
 * What a bake added to a frame's intersections, for the intersection overlay's label: the output's intersecting
 * triangles that do not intersect in the input at that frame. Input and output share their triangles (the output
 * keeps the input's meshes and triangle order), so a triangle is the same index in both.
 */

/**
 * Number of triangles listed in `output` but not in `input`, summed over meshes.
 *
 * @param input   per mesh, sorted intersecting triangle indices of the input
 * @param output  per mesh (same order), sorted intersecting triangle indices of the output
 * @returns the count of output triangles the input does not list
 */
export function addedTriangles(input: ReadonlyArray<ArrayLike<number>>, output: ReadonlyArray<ArrayLike<number>>): number {
  let added = 0;
  output.forEach((triangles, m) => {
    const before = input[m] ?? [];
    let i = 0;
    for (let k = 0; k < triangles.length; k++) {
      const t = triangles[k];
      while (i < before.length && before[i] < t) i++;
      if (i >= before.length || before[i] !== t) added++;
    }
  });
  return added;
}
