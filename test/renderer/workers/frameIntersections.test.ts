/**
 * The overlay's "added by the bake" (issue 33 item 9), through the engine worker: a baked frame's new intersection
 * regions against the input at that frame (frameIntersections with app/contact's input-region rule).
 *
 * The scene, worked out by hand: "Wall", a 4 m × 4 m grid in z = 0 of 8 × 8 cells of 0.5 m (cell (i, j) spans
 * x ∈ [-2 + 0.5 i, -1.5 + 0.5 i], y ∈ [-2 + 0.5 j, -1.5 + 0.5 j]; its triangles 2 (8 j + i) and 2 (8 j + i) + 1, split
 * along the diagonal from the cell's low corner), and "Blade", a 0.4 m × 1 m quad in the plane x = -1.3, y ∈ [-1.45,
 * -1.05], z ∈ [-0.5, 0.5], which cuts the wall inside cell (1, 1) only (both its vertical edges and its diagonal pierce
 * the cell's two triangles, the cell's diagonal pierces Blade). The input's region is that cell grown by
 * INPUT_REGION_RINGS = 2 rings: every wall vertex within one edge of the cell's corners, x ∈ [-2, -0.5].
 *
 * - Blade baked 0.4 m along x (x = -0.9) cuts the next cell, (2, 1), instead: the bake slid an existing crossing by
 *   one cell, 0 new regions, although none of the triangles it crosses now intersects in the input (a raw triangle
 *   diff would call both added: the count that wandered on layered characters).
 * - Blade baked 2.5 m along x (x = 1.2) cuts cell (6, 1), whose corners (x ∈ [1, 1.5]) are 3 edges from the region:
 *   1 new region, made of that cell's two wall triangles (28, 29); Blade's own triangles intersect in the input, so
 *   they lie inside its region and are not new.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { INPUT_REGION_RINGS } from '../../../app/intersection/index.ts';
import { createEngineWorkerCore } from '../../../renderer/workers/engineWorkerCore.ts';
import type { DocumentPayload, EngineRequest, EngineResponse, FrameIntersectionsView } from '../../../renderer/workers/protocol.ts';
import { installBrowserGlobals } from '../browserGlobals.ts';

beforeAll(() => installBrowserGlobals());

const CELLS = 8;
const CELL = 0.5;

/** Blade's corners at x = -1.3 + dx (render order as written to the file). */
const bladeAt = (dx: number): Float32Array => new Float32Array([-1.3 + dx, -1.45, -0.5, -1.3 + dx, -1.05, -0.5, -1.3 + dx, -1.05, 0.5, -1.3 + dx, -1.45, 0.5]);

async function wallAndBlade(): Promise<DocumentPayload> {
  const document = new Document();
  const buffer = document.createBuffer('scene');
  const scene = document.createScene('Scene');
  const add = (name: string, positions: Float32Array, indices: Uint16Array): void => {
    const primitive = document
      .createPrimitive()
      .setAttribute('POSITION', document.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer))
      .setIndices(document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer));
    scene.addChild(document.createNode(name).setMesh(document.createMesh(name).addPrimitive(primitive)));
  };
  const grid: number[] = [];
  for (let j = 0; j <= CELLS; j++) for (let i = 0; i <= CELLS; i++) grid.push(-2 + CELL * i, -2 + CELL * j, 0);
  const cells: number[] = [];
  const corner = (i: number, j: number): number => j * (CELLS + 1) + i;
  for (let j = 0; j < CELLS; j++) {
    for (let i = 0; i < CELLS; i++) cells.push(corner(i, j), corner(i + 1, j), corner(i + 1, j + 1), corner(i, j), corner(i + 1, j + 1), corner(i, j + 1));
  }
  add('Wall', new Float32Array(grid), new Uint16Array(cells));
  add('Blade', bladeAt(0), new Uint16Array([0, 1, 2, 0, 2, 3]));
  return { documentId: 1, fileName: 'wall-and-blade.glb', bytes: await new NodeIO().writeBinary(document), resources: {} };
}

/** The two triangles of wall cell (i, j). */
const cellTriangles = (i: number, j: number): number[] => [2 * (CELLS * j + i), 2 * (CELLS * j + i) + 1];

async function answer(
  core: ReturnType<typeof createEngineWorkerCore>,
  messages: EngineResponse[],
  request: Omit<Extract<EngineRequest, { kind: 'intersections' }>, 'kind' | 'id' | 'documentId'>,
  id: number,
): Promise<FrameIntersectionsView> {
  await core.handle({ kind: 'intersections', id, documentId: 1, ...request });
  const message = messages.filter((m) => m.id === id).at(-1);
  if (message?.kind !== 'intersections') throw new Error(`request ${id} answered ${message?.kind === 'failed' ? message.message : message?.kind}`);
  return message.intersections;
}

describe('frameIntersections: what the bake added (new intersection regions)', () => {
  const rest = { clipIndex: null, time: 0 };

  it('a crossing the bake only slid is inside the input’s region: 0 new regions; one it passed through 3 edges away is 1 region of that cell’s wall triangles', async () => {
    expect(INPUT_REGION_RINGS, 'the scene is worked out for 2 rings').toBe(2);
    const messages: EngineResponse[] = [];
    const core = createEngineWorkerCore((message) => messages.push(message));
    await core.handle({ kind: 'load', document: await wallAndBlade() });

    const input = await answer(core, messages, { pose: rest, output: null }, 1);
    expect(input.added, 'the input has nothing added').toBeNull();
    expect(input.total, 'Blade cuts the wall (the input intersects itself)').toBeGreaterThan(0);
    expect(Array.from(input.meshes[0].triangles), 'only in cell (1, 1)').toEqual(cellTriangles(1, 1));

    const slid = await answer(core, messages, { pose: rest, output: { bakeId: 1, frame: 0, meshes: [{ meshIndex: 1, positions: bladeAt(0.4) }] } }, 2);
    expect(slid.total, 'the slid Blade still crosses the wall (not vacuous)').toBeGreaterThan(0);
    expect(Array.from(slid.meshes[0].triangles), 'in the next cell, whose triangles do not intersect in the input').toEqual(cellTriangles(2, 1));
    expect(slid.added, 'the output’s new regions are measured').not.toBeNull();
    expect([slid.added!.regions, slid.added!.triangleCount, slid.added!.pairs], 'a crossing slid by one cell adds nothing').toEqual([0, 0, 0]);
    expect([slid.added!.inputTotal, slid.added!.inputTriangleCount], 'measured against the input of the same frame').toEqual([
      input.total,
      input.triangleCount,
    ]);

    const passed = await answer(core, messages, { pose: rest, output: { bakeId: 1, frame: 1, meshes: [{ meshIndex: 1, positions: bladeAt(2.5) }] } }, 3);
    expect(Array.from(passed.meshes[0].triangles), 'the moved Blade crosses cell (6, 1) only').toEqual(cellTriangles(6, 1));
    expect(passed.added!.regions, 'one new region').toBe(1);
    expect(
      passed.added!.triangles.map((list) => Array.from(list)),
      'that cell’s wall triangles; Blade intersects in the input, so its own are inside its region',
    ).toEqual([cellTriangles(6, 1), []]);
    expect(passed.added!.triangleCount, 'two new triangles').toBe(2);
    expect(passed.added!.pairs, 'every pair of the far crossing has a new side').toBe(passed.total);
  });

  it('measures an output frame against the input at that frame even when the input was not asked for first', async () => {
    const messages: EngineResponse[] = [];
    const core = createEngineWorkerCore((message) => messages.push(message));
    await core.handle({ kind: 'load', document: await wallAndBlade() });
    const passed = await answer(core, messages, { pose: rest, output: { bakeId: 1, frame: 1, meshes: [{ meshIndex: 1, positions: bladeAt(2.5) }] } }, 1);
    expect([passed.added!.regions, passed.added!.triangleCount], 'the same answer as after an input request').toEqual([1, 2]);
    const input = await answer(core, messages, { pose: rest, output: null }, 2);
    expect(input.cached, 'the input checked for the regions is cached for the input’s own request').toBe(true);
  });
});
