/**
 * The contact bench's settings (bench/contact.bench.ts: its header lists the environment variables) and the
 * constants its sections share.
 */

export const SIZES = (process.env.OVERLAP_BENCH_CONTACT_SIZES ?? '70,140,223').split(',').map(Number);
export const FRAMES = Number(process.env.OVERLAP_BENCH_CONTACT_FRAMES ?? 24);
export const CHARACTER_LEVELS = (process.env.OVERLAP_BENCH_CONTACT_CHARACTER ?? '2,3,4').split(',').map(Number);
export const CHARACTER_CLIP = process.env.OVERLAP_BENCH_CONTACT_CLIP ?? 'Jump';
export const SECTIONS = (process.env.OVERLAP_BENCH_CONTACT_SECTIONS ?? 'broadPhase,detection,clothSelfContact,characterSelfContact,layeredCharacter').split(
  ',',
);
export const LAYERED_LEVELS = (process.env.OVERLAP_BENCH_CONTACT_LAYERED ?? '2').split(',').map(Number);
export const FPS = 30;
export const SUBSTEPS = 4;
export const ITERATIONS = 6; // the bake's default (MESH_DEFAULTS)
export const CLOTH_SIZE = 1;
export const SPHERE = { radius: 0.25, center: [0, 0, 0] as const };
export const DROP_HEIGHT = 0.3;
export const cloth = { youngsModulus: 1e5, poissonRatio: 0.3, density: 200, damping: 1e-4, thickness: 1e-3 };

export const round = (x: number, digits = 2) => Number(x.toFixed(digits));
