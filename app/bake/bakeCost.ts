import { latticeCellEstimate } from '../embedding/index.ts';
import type { ImportedScene } from '../io/index.ts';
import type { ResolvedBakeSettings } from './bakeSettings.ts';

/** What a bake is estimated to cost before it starts. */
export interface BakeCost {
  /** peak memory [bytes] */
  bytes: number;
  /** wall time [s] on one core of the development machine (2 cores, Node 20) */
  seconds: number;
  /** the sizes behind the estimate, per simulated mesh: `"Blob": ~75000 lattice vertices, 335000 tets` */
  details: string[];
}

/** Memory of the process before any mesh [bytes]: Node, the engine, glTF-Transform (measured ~150 MB). */
const BASE_BYTES = 150 * 2 ** 20;

/**
 * Estimates the memory and time of a bake from its settings and the meshes' size, before anything is allocated, so
 * that settings the machine cannot finish (lattice resolution 256: gigabytes, hours) are refused or announced with
 * the estimate instead of failing after an hour.
 *
 * Model, fitted to measurements of Fox.glb (resolutions 12–128) and the sample (12–64), within a factor of two:
 * - lattice cells from latticeCellEstimate (interior plus one layer of surface cells), lattice vertices
 *   n ≈ 1.25 × cells, tets = 5 × cells;
 * - memory ≈ 600 B · n^1.25 (the sparse factor of the fitting system fills like n^(4/3) in 3D) plus the baked
 *   positions, frames × render vertices × 12 B;
 * - set-up ≈ 2e-8 s · n² (nested-dissection factorization, 114 s at n = 75k), per frame ≈ 1.3 µs per tet, substep and
 *   iteration (VBD) + 2 µs · n^1.4 (the strain-limited fit's solves).
 * Cloth meshes (no lattice) cost their own triangles at the VBD rate.
 *
 * @param scene     the imported scene
 * @param settings  resolved settings
 * @returns the estimate
 */
export function bakeCost(scene: ImportedScene, settings: ResolvedBakeSettings): BakeCost {
  const frames = settings.lastFrame - settings.firstFrame + 1;
  const simulatedFrames = frames + settings.preroll;
  let bytes = BASE_BYTES;
  let seconds = 0;
  const details: string[] = [];
  for (const resolved of settings.meshes) {
    // The input frames the bake's evaluator keeps (each skinned once; pre-roll included): simulated meshes and colliders.
    if (resolved.role !== 'ignored') bytes += simulatedFrames * scene.meshes[resolved.meshIndex].renderVertexCount * 12;
    if (resolved.role !== 'simulated') continue;
    const mesh = scene.meshes[resolved.meshIndex];
    bytes += frames * mesh.renderVertexCount * 12;
    const work = resolved.substeps * resolved.iterations * simulatedFrames;
    if (resolved.material.model === 'stvk') {
      const triangles = mesh.topology.triangles.length / 3;
      bytes += triangles * 400;
      seconds += 1.3e-6 * triangles * work;
      details.push(`"${resolved.name}": ${triangles} cloth triangles`);
      continue;
    }
    const cells = latticeCellEstimate(mesh.topology.positions, mesh.topology.triangles, resolved.latticeResolution);
    const vertices = 1.25 * cells;
    const tets = 5 * cells;
    bytes += 600 * vertices ** 1.25;
    seconds += 2e-8 * vertices * vertices + simulatedFrames * (2e-6 * vertices ** 1.4) + 1.3e-6 * tets * work;
    details.push(`"${resolved.name}": lattice resolution ${resolved.latticeResolution}, ~${round(vertices)} lattice vertices, ~${round(tets)} tets`);
  }
  return { bytes, seconds, details };
}

function round(value: number): string {
  const digits = Math.max(0, Math.floor(Math.log10(Math.max(1, value))) - 1);
  return String(Math.round(value / 10 ** digits) * 10 ** digits);
}
