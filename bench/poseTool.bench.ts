/**
 * The Pose tool's drag (renderer/workers/engineWorkerCore.ts arapBegin/arapDrag/arapEnd): milliseconds per drag event,
 * full-space vs Li's reduced ARAP (poseSolver.ts), on the generated character (test/helpers/testCharacter.ts) at
 * Catmull-Clark subdivisions 3 (12.8k welded vertices) and 4 (≈ 51k), contact off and on (the ground; self-contact
 * where OVERLAP_BENCH_POSE_SELF=1: its search dominates both solvers alike). The tail's tip (the vertices within 3%
 * of the size of the rearmost one) is dragged down by 10% of the size in DRAG_EVENTS events, as a hand on the gizmo
 * would, through the same worker requests the app sends; each event's milliseconds are the worker's own
 * (`arapPositions.milliseconds`: the iterations and the copy). Also the press (arapBegin: model, factor or subspace)
 * and the release (arapEnd: for the reduced path, the full-space polish and the end check).
 *
 * Baseline in the same run: full space at the same size and contact; `fullOverReduced` is the ratio of the median
 * drag events.
 *
 * layered: the layered test character (gear, issue 33; 6.2k welded vertices in all, 6k in "Critter"), its left arm and
 * shoulder pad (x > 17 cm, 1.0–1.35 m high) raised 25 cm in DRAG_EVENTS events, Self off and on, as the Pose tool runs
 * it (full space below 10k vertices): ms per drag event (the goal: ≤ 50 with Self on), the release (≤ 2 s), contacts.
 * OVERLAP_BENCH_POSE_LAYERED=0 leaves it out, =2,3 adds level 3 (23k vertices in "Critter"; full space, as the tool runs it at every size). docs/arap.md keeps the table, and REDUCED_ARAP_MIN_VERTICES follows it (reduced only where it is
 * faster).
 */
import { createArapModel } from '../app/solvers/arap/index.ts';
import { createEngineWorkerCore } from '../renderer/workers/engineWorkerCore.ts';
import type { ArapContactRequest, EngineRequest, EngineResponse } from '../renderer/workers/protocol.ts';
import { arapBeginRequest } from '../test/helpers/arapBeginRequest.ts';
import { critterAtRest } from '../test/helpers/critterAtRest.ts';
import { layeredArmVertices, tailTipVertices, testCharacterGlb } from '../test/helpers/testCharacter.ts';

/** Subdivision levels; OVERLAP_BENCH_POSE_LEVELS=3 keeps a run short on a busy machine, =none leaves them out (layered only). */
const LEVELS = (process.env.OVERLAP_BENCH_POSE_LEVELS ?? '3,4')
  .split(',')
  .filter((level) => level !== 'none' && level !== '')
  .map(Number);
const DRAG_EVENTS = 10;

function summary(times: number[]): { medianMs: number; minMs: number; maxMs: number } {
  const sorted = times.slice().sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted[sorted.length - 1] };
}

type Vec3 = [number, number, number];

/** An engine worker core with `bytes` loaded as document 1, and the last message it has sent. */
async function loadedCore(bytes: Uint8Array, fileName: string) {
  const messages: EngineResponse[] = [];
  const core = createEngineWorkerCore((message) => messages.push(message));
  await core.handle({ kind: 'load', document: { documentId: 1, fileName, bytes, resources: {} } });
  return { core, last: (): EngineResponse => messages.at(-1)! };
}

/**
 * One use of the Pose tool as the app sends it: the press (`begin`), drag events 1..`events` to `dragTo(k)`, the release
 * at `releaseAt`; the press and the release timed here, each drag event by the worker. Throws on any other answer.
 */
async function pressDragRelease(
  { core, last }: Awaited<ReturnType<typeof loadedCore>>,
  begin: EngineRequest,
  events: number,
  dragTo: (k: number) => Vec3,
  releaseAt: Vec3,
) {
  let t = performance.now();
  await core.handle(begin);
  const pressMs = performance.now() - t;
  if (last().kind !== 'arapBegun') throw new Error(`bench poseTool: press answered ${JSON.stringify(last()).slice(0, 200)}`);
  const drags: number[] = [];
  let bases: unknown = null;
  let touching = 0;
  for (let k = 1; k <= events; k++) {
    await core.handle({ kind: 'arapDrag', id: 1 + k, translation: dragTo(k) });
    const answer = last();
    if (answer.kind !== 'arapPositions') throw new Error(`bench poseTool: drag answered ${JSON.stringify(answer).slice(0, 200)}`);
    drags.push(answer.milliseconds);
    bases = answer.bases;
    touching = Math.max(touching, answer.contacts.length);
  }
  t = performance.now();
  await core.handle({ kind: 'arapEnd', id: 100, translation: releaseAt });
  const releaseMs = performance.now() - t;
  const end = last();
  if (end.kind !== 'arapEnded') throw new Error(`bench poseTool: release answered ${JSON.stringify(end).slice(0, 200)}`);
  return { pressMs, drags, bases, touching, releaseMs, end };
}

export async function run(): Promise<unknown> {
  const rows: Record<string, unknown>[] = [];
  const contacts: Array<[string, ArapContactRequest | undefined]> = [
    ['none', undefined],
    ['ground', { ground: true }],
  ];
  if (process.env.OVERLAP_BENCH_POSE_SELF === '1') contacts.push(['self+ground', { self: true, ground: true }]);
  for (const subdivisions of LEVELS) {
    const bytes = await testCharacterGlb({ subdivisions });
    const { topology, input } = await critterAtRest(bytes, 'critter.glb');
    const n = topology.vertexCount;
    const size = createArapModel({ restPositions: input, triangles: topology.triangles }).size;
    const selected = tailTipVertices(input, size);
    const row: Record<string, unknown> = { subdivisions, vertices: n, handleVertices: selected.length };
    for (const [name, contact] of contacts) {
      const medians: Record<string, number> = {};
      for (const path of ['full', 'reduced'] as const) {
        const loaded = await loadedCore(bytes, 'critter.glb');
        // The first press of a mesh builds its rest subspace (reduced) or rest model: a warm-up press, released.
        for (const warm of [true, false]) {
          const { pressMs, drags, bases, touching, releaseMs } = await pressDragRelease(
            loaded,
            arapBeginRequest('Critter', selected, { contact, reducedFrom: path === 'reduced' ? 0 : Infinity }),
            warm ? 1 : DRAG_EVENTS,
            (k) => [0, (-0.1 * size * k) / DRAG_EVENTS, 0],
            [0, -0.1 * size, 0],
          );
          if (warm) continue;
          const drag = summary(drags);
          medians[path] = drag.medianMs;
          row[`${path}:${name}`] = { pressMs, drag, releaseMs, maxContacts: touching, bases };
          process.stderr.write(
            `poseTool ${subdivisions} ${n} ${path} ${name}: press ${pressMs.toFixed(0)} ms, drag ${drag.medianMs.toFixed(1)} (${drag.minMs.toFixed(1)}–${drag.maxMs.toFixed(1)}) ms, release ${releaseMs.toFixed(0)} ms, contacts ${touching}\n`,
          );
        }
      }
      row[`fullOverReduced:${name}`] = medians.full / medians.reduced;
    }
    rows.push(row);
  }
  // OVERLAP_BENCH_POSE_LAYERED: the layered character's subdivision levels (default "2": 6k vertices, full space; "3":
  // 23k, the reduced subspace), 0 none.
  const layeredLevels = (process.env.OVERLAP_BENCH_POSE_LAYERED ?? '2')
    .split(',')
    .map(Number)
    .filter((level) => level > 0);
  const layered: Record<string, unknown>[] = [];
  for (const level of layeredLevels) layered.push({ level, ...(await layeredDrag(level)) });
  return { mesh: 'generated character (testCharacter), tail tip dragged down 10% of the size', dragEvents: DRAG_EVENTS, runs: rows, layered };
}

/** The layered character's arm and pad raised 25 cm with Self off and on (see the header). */
async function layeredDrag(subdivisions: number): Promise<Record<string, unknown>> {
  const bytes = await testCharacterGlb({ gear: true, subdivisions });
  const { topology, input } = await critterAtRest(bytes, 'layered.glb');
  const n = topology.vertexCount;
  const selected = layeredArmVertices(input);
  const row: Record<string, unknown> = { vertices: n, handleVertices: selected.length };
  for (const self of [false, true]) {
    const loaded = await loadedCore(bytes, 'layered.glb');
    for (const warm of [true, false]) {
      const { pressMs, drags, touching, releaseMs, end } = await pressDragRelease(
        loaded,
        arapBeginRequest('Critter', selected, { contact: self ? { self: true } : {} }),
        warm ? 1 : DRAG_EVENTS,
        (k) => [(-0.025 * k) / DRAG_EVENTS, (0.25 * k) / DRAG_EVENTS, (0.05 * k) / DRAG_EVENTS],
        [-0.025, 0.25, 0.05],
      );
      if (warm) continue;
      const drag = summary(drags);
      row[self ? 'self' : 'none'] = { pressMs, drag, releaseMs, maxContacts: touching, reverted: end.reverted, intersections: end.intersections };
      process.stderr.write(
        `poseTool layered ${n} ${self ? 'self' : 'none'}: press ${pressMs.toFixed(0)} ms, drag ${drag.medianMs.toFixed(1)} (${drag.minMs.toFixed(1)}–${drag.maxMs.toFixed(1)}) ms, release ${releaseMs.toFixed(0)} ms, contacts ${touching}, reverted ${end.reverted}\n`,
      );
    }
  }
  return row;
}
