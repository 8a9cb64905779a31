/**
 * pose-contact.glb: closed box surfaces for the Pose tool's contact tests, written with glTF-Transform (static, no
 * clip: the edit happens at the rest pose).
 *
 * "Bar":   x ∈ [0, 2], y ∈ [0, 0.2], z ∈ [−0.1, 0.1], 20 × 2 × 2 cells on its faces.
 * "Block": x ∈ [1.2, 1.6], y ∈ [−0.6, −0.1], z ∈ [−0.5, 0.5], 4 × 5 × 10 cells: 0.1 under the bar's right half, so
 *          pushing the bar's right end (x ≥ 1.8) down by 0.6 sweeps the bar's middle through the block's top.
 * "Both":  the bar and the block as two parts of one mesh, 5 along z (away from the others): the same push drives
 *          one part of a mesh into another (self-contact).
 * Surfaces are the boundary faces of a tet grid (outward), so the inside tests see closed, consistently oriented
 * meshes.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { boxTetrahedra } from '../../app/solvers/vbd/boxTetrahedra.ts';
import { tetBoundaryTriangles } from './tetBoundaryTriangles.ts';

/** The bar's right end, pushed in the tests: vertices with x ≥ this. */
export const BAR_END_X = 1.8;
/** How far the tests push the bar's end down (−y) [m]. */
export const BAR_PUSH = 0.6;
/** "Both" sits this far along +z. */
export const BOTH_OFFSET_Z = 5;

interface Surface {
  positions: Float32Array;
  triangles: Uint32Array;
}

/** The closed outward surface of a box split into cells (boundary faces of its tets, interior vertices dropped). */
export function boxSurface(min: [number, number, number], max: [number, number, number], cells: [number, number, number]): Surface {
  const size: [number, number, number] = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
  const { positions, tetrahedra } = boxTetrahedra(cells, size, min);
  const faces = tetBoundaryTriangles(tetrahedra);
  const used = new Map<number, number>();
  const kept: number[] = [];
  const triangles: number[] = [];
  for (const v of faces) {
    if (!used.has(v)) {
      used.set(v, kept.length / 3);
      kept.push(positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]);
    }
    triangles.push(used.get(v)!);
  }
  return { positions: Float32Array.from(kept), triangles: Uint32Array.from(triangles) };
}

export const BAR = (): Surface => boxSurface([0, 0, -0.1], [2, 0.2, 0.1], [20, 2, 2]);
export const BLOCK = (): Surface => boxSurface([1.2, -0.6, -0.5], [1.6, -0.1, 0.5], [4, 5, 10]);

/** The GLB's bytes. */
export async function poseContactGlb(): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer('boxes');
  const scene = document.createScene('Scene');
  const add = (name: string, surface: Surface, z = 0): void => {
    const positions = document.createAccessor().setType('VEC3').setArray(surface.positions).setBuffer(buffer);
    const indices = document.createAccessor().setType('SCALAR').setArray(surface.triangles).setBuffer(buffer);
    const mesh = document.createMesh(name).addPrimitive(document.createPrimitive().setAttribute('POSITION', positions).setIndices(indices));
    scene.addChild(document.createNode(name).setMesh(mesh).setTranslation([0, 0, z]));
  };
  const bar = BAR();
  const block = BLOCK();
  add('Bar', bar);
  add('Block', block);
  const offset = bar.positions.length / 3;
  add(
    'Both',
    {
      positions: Float32Array.from([...bar.positions, ...block.positions]),
      triangles: Uint32Array.from([...bar.triangles, ...Array.from(block.triangles, (v) => v + offset)]),
    },
    BOTH_OFFSET_Z,
  );
  return new NodeIO().writeBinary(document);
}
