import type { CheckerMeshData } from './types.ts';

/**
 * The pairs an incremental check (`since`) keeps from the earlier answer: each pair of `pairList` whose edge and
 * triangle have no moved vertex (markMovedVertices ran for this check) and whose meshes this check still asks for is
 * pushed onto `found`, unchanged (same coordinates, same exact decision). The other pairs were tested again.
 *
 * @param pairList    the earlier check's pairs, four numbers each (edge mesh, edge, triangle mesh, triangle)
 * @param data        the checker's per-mesh structs, in mesh order
 * @param selfWanted  whether this check tests mesh m against itself
 * @param pairWanted  whether this check tests meshes a < b against each other
 * @param found       this check's pairs so far, four numbers each; appended to
 * @throws RangeError when pairList names an edge or triangle that is not in these meshes
 */
export function keptPairs(
  pairList: readonly number[],
  data: readonly CheckerMeshData[],
  selfWanted: (m: number) => boolean,
  pairWanted: (a: number, b: number) => boolean,
  found: number[],
): void {
  const list = pairList;
  for (let k = 0; k < list.length; k += 4) {
    const em = list[k],
      edge = list[k + 1],
      tm = list[k + 2],
      t = list[k + 3];
    const E = data[em],
      T = data[tm];
    if (!E || !T || !(edge < E.edges.length / 2) || !(t < T.repeated.length)) {
      throw new RangeError(
        `intersectionChecker: since.result.pairList names edge ${edge} of mesh ${em} and triangle ${t} of mesh ${tm}, not in this checker's meshes`,
      );
    }
    if (em === tm ? !selfWanted(em) : !pairWanted(Math.min(em, tm), Math.max(em, tm))) continue;
    const moved = T.movedVertex;
    if (E.movedVertex[E.edges[2 * edge]] !== 0 || E.movedVertex[E.edges[2 * edge + 1]] !== 0) continue;
    if (moved[T.triangles[3 * t]] !== 0 || moved[T.triangles[3 * t + 1]] !== 0 || moved[T.triangles[3 * t + 2]] !== 0) continue;
    found.push(em, edge, tm, t);
  }
}
