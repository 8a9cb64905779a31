/**
 * Small VBD models of every element kind for the kernel tests (vbdTestKit.ts re-exports them), and inputs rounded to
 * f32 so that the CPU twin and the GPU read the same numbers.
 */
import { boxTetrahedra, createVbdModel, type VbdModel } from '../../../app/solvers/vbd/index.ts';
import { mat3Inverse } from '../../../app/math/mat3/index.ts';
import { random } from '../../app/solvers/vbd/helpers.ts';

/** x rounded to f32 and back: the value the GPU holds. */
export const f32 = (values: ArrayLike<number>): Float64Array => Float64Array.from(Float32Array.from(values));

/**
 * Every element kind in one model: a 3×2×2 tet lattice (damped, stiff rubber), a 4×4 cloth sheet above it with
 * dihedral hinges (damped), and springs tying the sheet to the block; vertex counts large enough for several colors
 * and small enough for SwiftShader. `isolatedVertex` adds a vertex no element holds (massless: its H_i is 0, so its
 * solve is refused, the skipped-solve path).
 */
export function mixedModel(damping = 0.002, isolatedVertex = false): VbdModel {
  const lattice = boxTetrahedra([3, 2, 2], [0.3, 0.2, 0.2]);
  const tetVertexCount = lattice.positions.length / 3;
  const sheet: number[] = [];
  const n = 4;
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) sheet.push((0.3 * i) / n, 0.3, (0.2 * j) / n);
  const index = (i: number, j: number) => tetVertexCount + j * (n + 1) + i;
  const triangles: number[] = [];
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i, j + 1), index(i + 1, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1));
  const springs = [index(0, 0), tetVertexCount - 1, index(n, n), tetVertexCount - 4, index(2, 2), tetVertexCount - 6];
  return createVbdModel({
    restPositions: [...lattice.positions, ...sheet, ...(isolatedVertex ? [0.5, 0.5, 0.5] : [])],
    tetrahedra: { vertices: lattice.tetrahedra, materials: { youngsModulus: 2e5, poissonRatio: 0.4, density: 1000, damping } },
    triangles: { vertices: triangles, materials: { youngsModulus: 1e6, poissonRatio: 0.3, density: 300, damping, thickness: 0.002 } },
    springs: { vertices: springs, materials: { youngsModulus: 1e7, poissonRatio: 0.3, density: 1000, damping, crossSectionArea: 1e-5 } },
  });
}

/** A box lattice of tets, `cells` per side, the size of a small character part. */
export function tetLattice(cells: [number, number, number], size: [number, number, number] = [0.4, 0.3, 0.3], damping = 0.002): VbdModel {
  const { positions, tetrahedra } = boxTetrahedra(cells, size);
  return createVbdModel({
    restPositions: positions,
    tetrahedra: { vertices: tetrahedra, materials: { youngsModulus: 1e5, poissonRatio: 0.4, density: 1000, damping } },
  });
}

/** A square cloth sheet of n×n cells in the xz plane at height 0 (StVK membrane + dihedral bending). */
export function clothSheet(n: number, size = 0.5, damping = 0.001): VbdModel {
  const positions: number[] = [];
  for (let j = 0; j <= n; j++) for (let i = 0; i <= n; i++) positions.push((size * i) / n, 0, (size * j) / n);
  const index = (i: number, j: number) => j * (n + 1) + i;
  const triangles: number[] = [];
  for (let j = 0; j < n; j++)
    for (let i = 0; i < n; i++) triangles.push(index(i, j), index(i, j + 1), index(i + 1, j), index(i + 1, j), index(i, j + 1), index(i + 1, j + 1));
  return createVbdModel({
    restPositions: positions,
    triangles: { vertices: triangles, materials: { youngsModulus: 5e5, poissonRatio: 0.3, density: 300, damping, thickness: 0.001, bendingStiffness: 1e-4 } },
  });
}

/** The model with every double rounded to f32, so the CPU twin computes from the numbers the GPU holds. */
export function roundedModel(model: VbdModel): VbdModel {
  const out: Record<string, unknown> = { ...model };
  for (const [key, value] of Object.entries(model)) if (value instanceof Float64Array) out[key] = f32(value);
  return out as unknown as VbdModel;
}

/** rest + amplitude·(uniform noise in ±1), per coordinate, rounded to f32. */
export function perturbed(rest: ArrayLike<number>, amplitude: number, seed: number): Float64Array {
  const next = random(seed);
  return f32(Float64Array.from(rest, (x) => x + amplitude * (2 * next() - 1)));
}

/**
 * Inverse rest edge matrices D_m⁻¹ of the model's tets after deforming their rest corners by `amplitude` noise: an
 * animated rest shape unlike the model's, as the bake's restShapeInverses makes (#T×9, f32-rounded).
 */
export function animatedRestShape(model: VbdModel, amplitude: number, seed: number): Float64Array {
  const rest = perturbed(model.restPositions, amplitude, seed);
  const out = new Float64Array(9 * model.tetCount);
  const m = new Float64Array(9);
  for (let t = 0; t < model.tetCount; t++) {
    const corner = (k: number) => model.tetVertices[4 * t + k];
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) m[3 * r + c] = rest[3 * corner(c + 1) + r] - rest[3 * corner(0) + r];
    mat3Inverse(m, out.subarray(9 * t, 9 * t + 9));
  }
  return f32(out);
}
