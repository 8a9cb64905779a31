/** Small contact scenes for the OGC tests: a cloth grid, a UV sphere, a tet box, and a stepper checked every frame. */
import { contactDefaults, ogcContact, tetSurfaceTriangles, vertexContactPoints, type OgcContact, type OgcContactOptions } from '../../../app/contact/index.ts';
import { intersectionChecker } from '../../../app/intersection/index.ts';
import { boxTetrahedra, createVbdModel, createVbdState, step, type VbdControls, type VbdModel, type VbdState } from '../../../app/solvers/vbd/index.ts';

/** A square cloth of n×n cells in the x–z plane at height y, centred at (cx, cz). */
export function clothGrid(n: number, size: number, y: number, cx = 0, cz = 0): { positions: Float64Array; triangles: Uint32Array } {
  const positions = new Float64Array(3 * (n + 1) * (n + 1));
  const triangles: number[] = [];
  for (let j = 0; j <= n; j++) {
    for (let i = 0; i <= n; i++) {
      const v = i + (n + 1) * j;
      positions.set([cx - size / 2 + (size * i) / n, y, cz - size / 2 + (size * j) / n], 3 * v);
      if (i < n && j < n) {
        const a = v,
          b = v + 1,
          c = v + n + 2,
          d = v + n + 1;
        // alternate the diagonal so the grid has no preferred direction
        if ((i + j) % 2 === 0) triangles.push(a, c, b, a, d, c);
        else triangles.push(a, d, b, b, d, c);
      }
    }
  }
  return { positions, triangles: Uint32Array.from(triangles) };
}

/** A closed UV sphere (outward winding). */
export function uvSphere(
  radius: number,
  rings: number,
  segments: number,
  center: readonly [number, number, number] = [0, 0, 0],
): { positions: Float64Array; triangles: Uint32Array } {
  const positions: number[] = [center[0], center[1] + radius, center[2]];
  for (let i = 1; i < rings; i++) {
    const theta = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const phi = (2 * Math.PI * j) / segments;
      positions.push(
        center[0] + radius * Math.sin(theta) * Math.cos(phi),
        center[1] + radius * Math.cos(theta),
        center[2] + radius * Math.sin(theta) * Math.sin(phi),
      );
    }
  }
  positions.push(center[0], center[1] - radius, center[2]);
  const bottom = positions.length / 3 - 1;
  const at = (i: number, j: number) => 1 + (i - 1) * segments + (j % segments);
  const triangles: number[] = [];
  for (let j = 0; j < segments; j++) triangles.push(0, at(1, j + 1), at(1, j));
  for (let i = 1; i < rings - 1; i++) {
    for (let j = 0; j < segments; j++) triangles.push(at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i, j), at(i + 1, j + 1), at(i + 1, j));
  }
  for (let j = 0; j < segments; j++) triangles.push(bottom, at(rings - 1, j), at(rings - 1, j + 1));
  return { positions: Float64Array.from(positions), triangles: Uint32Array.from(triangles) };
}

export const clothMaterial = { youngsModulus: 1e5, poissonRatio: 0.3, density: 200, damping: 1e-4, thickness: 1e-3 };
export const jellyMaterial = { youngsModulus: 3e4, poissonRatio: 0.4, density: 1000, damping: 5e-3 };

export interface ContactScene {
  model: VbdModel;
  state: VbdState;
  contact: OgcContact;
  /** the contact surface's triangles (simulation indices) */
  triangles: Uint32Array;
}

/** Two blocks of 2×2×2 tet cells of edge `size` [m] with corners at `at` and `bAt`, as one mesh (b's vertices after a's). */
export function twoTetBlocks(
  size: number,
  at: [number, number, number],
  bAt: [number, number, number],
): { positions: Float64Array; tetrahedra: Uint32Array; firstVertexCount: number; firstTetCount: number } {
  const a = boxTetrahedra([2, 2, 2], [size, size, size], at);
  const b = boxTetrahedra([2, 2, 2], [size, size, size], bAt);
  const offset = a.positions.length / 3;
  const positions = Float64Array.from([...a.positions, ...b.positions]);
  const tetrahedra = Uint32Array.from([...a.tetrahedra, ...Array.from(b.tetrahedra, (v) => v + offset)]);
  return { positions, tetrahedra, firstVertexCount: offset, firstTetCount: a.tetrahedra.length / 4 };
}

/** A cloth model with OGC contact on its own vertices, radius and stiffness from contactDefaults unless given. */
export function clothScene(
  cloth: { positions: Float64Array; triangles: Uint32Array },
  h: number,
  extra: Partial<OgcContactOptions> = {},
  initialPositions?: Float64Array,
): ContactScene {
  const model = createVbdModel({ restPositions: cloth.positions, triangles: { vertices: cloth.triangles, materials: clothMaterial } });
  const defaults = contactDefaults(cloth.positions, cloth.triangles, model.masses, h);
  const contact = ogcContact({
    simulationVertexCount: model.vertexCount,
    ...vertexContactPoints(null, model.vertexCount),
    triangles: cloth.triangles,
    ...defaults,
    ...extra,
  });
  const state = createVbdState(model, initialPositions ? { positions: initialPositions } : undefined);
  return { model, state, contact, triangles: cloth.triangles };
}

/** A tet box simulated on its own tets, its boundary as the contact surface. */
export function jellyScene(
  cells: [number, number, number],
  size: [number, number, number],
  origin: [number, number, number],
  h: number,
  extra: Partial<OgcContactOptions> = {},
  density = jellyMaterial.density,
): ContactScene {
  const box = boxTetrahedra(cells, size, origin);
  const model = createVbdModel({ restPositions: box.positions, tetrahedra: { vertices: box.tetrahedra, materials: { ...jellyMaterial, density } } });
  const triangles = tetSurfaceTriangles(box.tetrahedra);
  const defaults = contactDefaults(box.positions, triangles, model.masses, h);
  const contact = ogcContact({ simulationVertexCount: model.vertexCount, ...vertexContactPoints(null, model.vertexCount), triangles, ...defaults, ...extra });
  return { model, state: createVbdState(model), contact, triangles };
}

/**
 * Steps a scene frame by frame and checks every frame with the exact intersection checker: self-intersections of the
 * contact surface and intersections with the collider. Returns the worst count seen.
 */
export function runChecked(
  scene: ContactScene,
  frames: number,
  dt: number,
  controls: VbdControls,
  collider?: { positions: Float64Array; triangles: Uint32Array },
  onFrame?: (frame: number) => void,
): { worst: number; worstFrame: number } {
  const meshes = [{ name: 'sim', triangles: scene.triangles, vertexCount: scene.model.vertexCount }];
  if (collider) meshes.push({ name: 'collider', triangles: collider.triangles, vertexCount: collider.positions.length / 3 });
  const checker = intersectionChecker(meshes);
  let worst = 0;
  let worstFrame = -1;
  for (let f = 0; f < frames; f++) {
    step(scene.model, scene.state, scene.state, { ...controls, contact: scene.contact }, dt);
    const result = checker.check(collider ? [scene.state.positions, collider.positions] : [scene.state.positions]);
    if (result.total > worst) {
      worst = result.total;
      worstFrame = f;
    }
    onFrame?.(f);
  }
  return { worst, worstFrame };
}

export { tetSurfaceTriangles };
