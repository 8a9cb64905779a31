// compactShapes and shapeChunks: synthetic per-frame deltas of known structure, replayed independently from the
// shapes and weights the functions return (not from their own error figures), against the bound they were given.
import { describe, expect, it } from 'vitest';
import { compactShapes, shapeChunks, type CompactShapes } from '../../../app/export/index.ts';

/** Σ_k w_tk·S_k at frame t for vertex v (what a player computes). */
function replay(fit: CompactShapes, R: number, t: number, v: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  const T = fit.shapeCount;
  for (let k = 0; k < T; k++) for (let a = 0; a < 3; a++) out[a] += fit.frameWeights[t * T + k] * fit.shapes[(k * R + v) * 3 + a];
  return out;
}

function worstReplayError(
  fit: CompactShapes,
  deltas: Float32Array,
  F: number,
  R: number,
  vertices: Iterable<number>,
  scale: (v: number) => number = () => 1,
): number {
  let worst = 0;
  for (let t = 0; t < F; t++) {
    for (const v of vertices) {
      const p = replay(fit, R, t, v);
      const o = (t * R + v) * 3;
      worst = Math.max(worst, scale(v) * Math.hypot(p[0] - deltas[o], p[1] - deltas[o + 1], p[2] - deltas[o + 2]));
    }
  }
  return worst;
}

/** Deltas of rank `rank` (products of frame and vertex functions) on the first `moving` of R vertices, plus `noise`. */
function lowRankDeltas(F: number, R: number, moving: number, rank: number, noise: number): Float32Array {
  const deltas = new Float32Array(F * R * 3);
  for (let t = 0; t < F; t++) {
    for (let v = 0; v < moving; v++) {
      for (let a = 0; a < 3; a++) {
        let x = 0;
        for (let k = 0; k < rank; k++) x += (Math.sin(0.13 * (k + 1) * t + k) * Math.cos(0.05 * (k + 1) * v + a)) / (k + 1);
        deltas[(t * R + v) * 3 + a] = 0.01 * x + noise * Math.sin(12.9898 * t + 78.233 * v + 37.719 * a);
      }
    }
  }
  return deltas;
}

const all = (R: number) => Array.from({ length: R }, (_, v) => v);

describe('compactShapes', () => {
  it('rank-4 motion with noise below the bound: 4 shapes + the bias, every frame replays within the bound, weights in [0, 1]', () => {
    const F = 120;
    const R = 400;
    const deltas = lowRankDeltas(F, R, 300, 4, 1e-7);
    const tolerance = 1e-5;
    const fit = compactShapes({ deltas, normalDeltas: null, frameCount: F, errorScale: null, importance: null, tolerance, maxShapes: 64, vertices: null });
    expect(fit.fits, 'it fits').toBe(true);
    expect(fit.shapeCount, 'rank 4 needs 4 basis shapes and one bias shape').toBe(5);
    const worst = worstReplayError(fit, deltas, F, R, all(R));
    expect(worst, 'independent replay error').toBeLessThanOrEqual(tolerance);
    expect(Math.abs(worst - fit.maxError), 'the reported error is the replay error').toBeLessThan(1e-9);
    expect(Math.min(...fit.frameWeights), 'weights ≥ 0').toBeGreaterThanOrEqual(0);
    expect(Math.max(...fit.frameWeights), 'weights ≤ 1').toBeLessThanOrEqual(1);
    for (let t = 0; t < F; t++) expect(fit.frameWeights[t * 5 + 4], `frame ${t}: the bias shape has weight 1`).toBe(1);
  });

  it('vertices that never move get exact zeros in every shape (sparse accessors drop them)', () => {
    const F = 40;
    const R = 200;
    const deltas = lowRankDeltas(F, R, 120, 3, 0);
    const fit = compactShapes({
      deltas,
      normalDeltas: null,
      frameCount: F,
      errorScale: null,
      importance: null,
      tolerance: 1e-6,
      maxShapes: 64,
      vertices: null,
    });
    expect(fit.movingVertexCount, 'moving vertices').toBe(120);
    for (let k = 0; k < fit.shapeCount; k++) {
      for (let v = 120; v < R; v++) for (let a = 0; a < 3; a++) expect(fit.shapes[(k * R + v) * 3 + a], `shape ${k} vertex ${v}`).toBe(0);
    }
  });

  it('the bound decides K: a looser bound needs fewer shapes, and each fit meets its own bound', () => {
    const F = 90;
    const R = 150;
    const deltas = lowRankDeltas(F, R, R, 12, 0);
    let previous = Infinity;
    for (const tolerance of [1e-7, 1e-5, 3e-3]) {
      const fit = compactShapes({ deltas, normalDeltas: null, frameCount: F, errorScale: null, importance: null, tolerance, maxShapes: 64, vertices: null });
      expect(worstReplayError(fit, deltas, F, R, all(R)), `tolerance ${tolerance}`).toBeLessThanOrEqual(tolerance);
      expect(fit.shapeCount, `tolerance ${tolerance}: no more shapes than for the tighter bound`).toBeLessThanOrEqual(previous);
      previous = fit.shapeCount;
    }
    expect(previous, 'a loose bound takes fewer shapes than the rank (12) + the bias').toBeLessThan(13);
  });

  it('a cap below what the bound needs: fits = false, at most the cap, and the reported error exceeds the bound', () => {
    const F = 60;
    const R = 100;
    const deltas = lowRankDeltas(F, R, R, 20, 0);
    const fit = compactShapes({ deltas, normalDeltas: null, frameCount: F, errorScale: null, importance: null, tolerance: 1e-8, maxShapes: 6, vertices: null });
    expect(fit.fits, 'does not fit').toBe(false);
    expect(fit.shapeCount, 'never more than the cap').toBeLessThanOrEqual(6);
    expect(fit.maxError, 'the error it reports').toBeGreaterThan(1e-8);
    expect(Math.abs(worstReplayError(fit, deltas, F, R, all(R)) - fit.maxError), 'reported = replayed').toBeLessThan(1e-9);
  });

  it('K is the fewest: one basis shape fewer breaks the bound, also when the clip has fewer frames than the cap', () => {
    // The search climbs from the tail bound (no residual at the cap first): what it returns must be the smallest K
    // whose replay meets the bound, and a cap of K − 1 basis shapes must not fit (probed with onlyIfFits, which
    // returns no shapes and the error at the cap).
    for (const [F, rank, tolerance] of [
      [30, 12, 2e-5],
      [90, 12, 1e-5],
      [60, 20, 3e-4],
    ] as const) {
      const R = 120;
      const deltas = lowRankDeltas(F, R, R, rank, 1e-8);
      const input = { deltas, normalDeltas: null, frameCount: F, errorScale: null, importance: null, tolerance, vertices: null };
      const fit = compactShapes({ ...input, maxShapes: 64 });
      expect(fit.fits, `${F} frames, rank ${rank}: fits under the cap`).toBe(true);
      expect(worstReplayError(fit, deltas, F, R, all(R)), `${F} frames: the replay meets the bound`).toBeLessThanOrEqual(tolerance);
      const K = fit.shapeCount - 1;
      expect(K, `${F} frames: some basis shapes are needed`).toBeGreaterThan(1);
      const fewer = compactShapes({ ...input, maxShapes: K, onlyIfFits: true });
      expect(fewer.fits, `${F} frames: ${K - 1} basis shapes (one fewer) do not meet the bound`).toBe(false);
      expect(fewer.shapeCount, `${F} frames: a probe that does not fit returns no shapes`).toBe(0);
      expect(fewer.maxError, `${F} frames: its error at the cap is above the bound`).toBeGreaterThan(tolerance);
      const same = compactShapes({ ...input, maxShapes: K + 1, onlyIfFits: true });
      expect(same.fits && same.shapeCount === K + 1, `${F} frames: a cap of exactly K basis shapes fits with K`).toBe(true);
    }
  });

  it('the per-vertex error scale tightens the bound where the skin stretches', () => {
    const F = 60;
    const R = 100;
    const deltas = lowRankDeltas(F, R, R, 10, 0);
    const errorScale = Float32Array.from({ length: R }, (_, v) => (v < 50 ? 1 : 3));
    const tolerance = 1e-5;
    const fit = compactShapes({ deltas, normalDeltas: null, frameCount: F, errorScale, importance: null, tolerance, maxShapes: 64, vertices: null });
    expect(
      worstReplayError(fit, deltas, F, R, all(R), (v) => errorScale[v]),
      'scaled replay error',
    ).toBeLessThanOrEqual(tolerance);
  });

  it('normal shapes reproduce normal deltas that move with the same weights', () => {
    const F = 50;
    const R = 80;
    const deltas = lowRankDeltas(F, R, R, 3, 0);
    // Normal deltas in the span of the position motion: a fixed linear map of each frame's deltas.
    const normalDeltas = new Float32Array(deltas.length);
    for (let i = 0; i < deltas.length; i += 3) {
      normalDeltas[i] = 2 * deltas[i + 1];
      normalDeltas[i + 1] = -deltas[i];
      normalDeltas[i + 2] = 0.5 * deltas[i + 2];
    }
    const fit = compactShapes({ deltas, normalDeltas, frameCount: F, errorScale: null, importance: null, tolerance: 1e-9, maxShapes: 64, vertices: null });
    const normals = { ...fit, shapes: fit.normalShapes! };
    expect(worstReplayError(normals, normalDeltas, F, R, all(R)), 'normal replay').toBeLessThan(1e-6);
  });
});

describe('shapeChunks', () => {
  // A strip of 2·N triangles along x; each of 6 regions moves with its own 6 independent frame functions, so the
  // whole mesh has rank ≈ 36 and no basis of 12 meets a tight bound, but each region alone does.
  const N = 60;
  const R = 2 * (N + 1);
  const positions = new Float32Array(3 * R);
  for (let i = 0; i <= N; i++) {
    positions.set([i, 0, 0], 6 * i);
    positions.set([i, 1, 0], 6 * i + 3);
  }
  const triangles = new Uint32Array(6 * N);
  for (let i = 0; i < N; i++) triangles.set([2 * i, 2 * i + 2, 2 * i + 1, 2 * i + 1, 2 * i + 2, 2 * i + 3], 6 * i);
  const F = 80;
  const deltas = new Float32Array(F * R * 3);
  for (let t = 0; t < F; t++) {
    for (let v = 0; v < R; v++) {
      const x = positions[3 * v];
      if (x > 50) continue; // the end of the strip stays still
      const region = Math.min(5, Math.floor(x / 10));
      for (let a = 0; a < 3; a++) {
        let value = 0;
        for (let k = 0; k < 6; k++) value += Math.sin((0.07 + 0.031 * k + 0.013 * region) * t + region + k) * Math.cos(0.3 * (k + 1) * x + a) * 0.01;
        deltas[(t * R + v) * 3 + a] = value;
      }
    }
  }
  const input = { deltas, normalDeltas: null, frameCount: F, errorScale: null, importance: null, tolerance: 1e-6, maxShapes: 12, vertices: null };

  it('splits into parts that each meet the bound with at most the cap, covering exactly the moving triangles', () => {
    expect(compactShapes(input).fits, 'the whole mesh does not fit in 12 shapes').toBe(false);
    const chunks = shapeChunks(input, triangles, positions);
    expect(chunks.length, 'several parts').toBeGreaterThan(1);
    const covered = new Map<number, number>();
    for (const chunk of chunks) {
      expect(chunk.fit.fits, 'each part fits').toBe(true);
      expect(chunk.fit.shapeCount, 'each part has at most the cap').toBeLessThanOrEqual(12);
      const vertices = new Set<number>();
      for (const t of chunk.triangles!) {
        covered.set(t, (covered.get(t) ?? 0) + 1);
        for (let c = 0; c < 3; c++) vertices.add(triangles[3 * t + c]);
      }
      expect(worstReplayError(chunk.fit, deltas, F, R, vertices), 'independent replay on the part').toBeLessThanOrEqual(1e-6);
    }
    for (let t = 0; t < 2 * N; t++) {
      const moves = [0, 1, 2].some((c) => positions[3 * triangles[3 * t + c]] <= 50);
      expect(covered.get(t) ?? 0, `triangle ${t} ${moves ? 'moves: in exactly one part' : 'is still: in none'}`).toBe(moves ? 1 : 0);
    }
  });

  it('one part without a split when the whole mesh fits', () => {
    const chunks = shapeChunks({ ...input, maxShapes: 64 }, triangles, positions);
    expect(chunks.length, 'one part').toBe(1);
    expect(chunks[0].triangles, 'the whole mesh').toBeNull();
  });
});
