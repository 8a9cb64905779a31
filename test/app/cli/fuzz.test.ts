// The fuzz test of issue 35: a few hundred mutated projects, weights files, handles files, scenes and checkpoints go
// through the command line (in this process, runCli; a fixed seed, so a failure replays), and every run ends with an
// exit code of the table for bad input or a result (0, 2, 3 or 5), never an internal error (1) or a stack trace, each
// in bounded time, and the process's memory stays bounded. Mutations: values replaced by hostile ones (null, NaN as
// text, ±1e308, huge and negative numbers, empty and control-character strings, deep nesting, Object.prototype
// names), keys deleted, renamed or added, elements duplicated, text cut short or spliced with junk; checkpoints get
// their typed arrays resized, retyped, filled with NaN or 1e30, and fields nulled.
//
// Scenes that still parse after a mutation run the simulation in a worker thread (~3 s each here), so only the first
// few of them run; every mutated scene is read and checked by the CLI all the same. Checkpoints need a real bake
// each (a worker), so there are fewer of them.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { Accessor, Document, NodeIO } from '@gltf-transform/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vbdSceneFromJson } from '../../../app/solvers/vbd/index.ts';
import { random } from '../../helpers/random.ts';
import { runCli, type CliRun } from '../../helpers/runCli.ts';
import { barMesh } from './barMesh.ts';

const SEED = 35;
const COUNTS = { project: 110, weights: 80, handles: 70, scene: 60, checkpoint: 8 };
/** Scenes that still parse are run through the simulation only this many times (each needs a worker thread). */
const SCENES_RUN = 3;
const ALLOWED = [0, 2, 3, 5];
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const chainScene = new URL('../../fixtures/scenes/chain.json', import.meta.url).pathname;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Mutations of parsed JSON and of its text, drawn from a seeded generator. */
function mutator(next: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const deep = (depth: number): Json => (depth === 0 ? 0 : [deep(depth - 1)]);
  const hostile = (): Json =>
    pick<() => Json>([
      () => null,
      () => 'NaN',
      () => 1e308,
      () => -1e308,
      () => -1,
      () => 0,
      () => 2 ** 53,
      () => 0.5,
      () => 1e-300,
      () => '',
      () => 'x'.repeat(1 + Math.floor(next() * 5000)),
      () => '\u001b[31m\u0007\u202e',
      () => [],
      () => ({}),
      () => true,
      () => deep(40 + Math.floor(next() * 60)),
      () => pick(PROTOTYPE_NAMES),
      () => Array.from({ length: 1 + Math.floor(next() * 6) }, () => next() * 10 - 5),
      () => ({ [pick(PROTOTYPE_NAMES)]: 1 }),
    ])();
  /** Every container in the value, with its path, for picking a place to mutate. */
  const places = (value: Json, out: Array<Json[] | { [key: string]: Json }> = []) => {
    if (value !== null && typeof value === 'object') {
      out.push(value);
      for (const child of Array.isArray(value) ? value : Object.values(value)) places(child, out);
    }
    return out;
  };
  const mutateValue = (root: Json, times: number): Json => {
    const copy = JSON.parse(JSON.stringify(root)) as Json;
    for (let t = 0; t < times; t++) {
      const containers = places(copy);
      if (containers.length === 0) return hostile();
      const container = pick(containers);
      if (Array.isArray(container)) {
        const action = next();
        if (container.length > 0 && action < 0.5) container[Math.floor(next() * container.length)] = hostile();
        else if (container.length > 0 && action < 0.7) container.push(container[Math.floor(next() * container.length)]);
        else if (container.length > 0 && action < 0.85) container.splice(Math.floor(next() * container.length), 1);
        else container.push(hostile());
      } else {
        const keys = Object.keys(container);
        const action = next();
        if (keys.length > 0 && action < 0.5) container[pick(keys)] = hostile();
        else if (keys.length > 0 && action < 0.7) delete container[pick(keys)];
        else if (action < 0.85) container[pick([...PROTOTYPE_NAMES, 'extra', 'mesh', 'values', 'frames'])] = hostile();
        else if (keys.length > 0) {
          const key = pick(keys);
          container[`${key}_`] = container[key];
          delete container[key];
        }
      }
    }
    return copy;
  };
  /** JSON text of a mutated value, now and then cut short or spliced with junk. */
  const text = (root: Json): string => {
    const mutated = mutateValue(root, 1 + Math.floor(next() * 3));
    // JSON.stringify of `{"__proto__": …}` set through an object literal: own keys are kept by building the text.
    let out = JSON.stringify(mutated) ?? 'null';
    const action = next();
    if (action < 0.08) out = out.slice(0, Math.floor(next() * out.length));
    else if (action < 0.14) {
      const at = Math.floor(next() * out.length);
      out = out.slice(0, at) + pick(['\u0000', '}', ']]]', '"', ',,', '\uFFFF', 'null', '1e999']) + out.slice(at);
    }
    return out;
  };
  return { next, pick, text };
}

/** A closed 8-vertex box on a node that moves (1 s, 2 keys): the smallest input a bake simulates. */
async function tinyGltf(path: string): Promise<void> {
  const document = new Document();
  const buffer = document.createBuffer();
  const corners = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1].map((x) => x * 0.2);
  const faces = [0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7];
  const primitive = document
    .createPrimitive()
    .setAttribute('POSITION', document.createAccessor().setType(Accessor.Type.VEC3).setArray(new Float32Array(corners)).setBuffer(buffer))
    .setIndices(document.createAccessor().setType(Accessor.Type.SCALAR).setArray(new Uint16Array(faces)).setBuffer(buffer));
  const node = document.createNode('box').setMesh(document.createMesh('box').addPrimitive(primitive));
  document.createScene().addChild(node);
  const sampler = document
    .createAnimationSampler()
    .setInput(
      document
        .createAccessor()
        .setType(Accessor.Type.SCALAR)
        .setArray(new Float32Array([0, 0.5, 1]))
        .setBuffer(buffer),
    )
    .setOutput(
      document
        .createAccessor()
        .setType(Accessor.Type.VEC3)
        .setArray(new Float32Array([0, 0, 0, 0, 0.3, 0, 0, 0, 0]))
        .setBuffer(buffer),
    );
  document
    .createAnimation('Hop')
    .addSampler(sampler)
    .addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler));
  writeFileSync(path, await new NodeIO().writeBinary(document));
}

describe('fuzz: mutated inputs through the command line', () => {
  const folder = mkdtempSync(join(tmpdir(), 'overlap-fuzz-'));
  const glb = join(folder, 'box.glb');
  const mesh = join(folder, 'bar.json');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  beforeAll(async () => {
    await tinyGltf(glb);
    writeFileSync(mesh, JSON.stringify(barMesh()));
  });

  const outcomes = new Map<string, number[]>();
  let slowest = { seconds: 0, what: '' };
  /** Runs one case and checks what it may end with. */
  const check = async (what: string, args: string[]): Promise<CliRun> => {
    const started = performance.now();
    const result = await runCli(...args);
    const seconds = (performance.now() - started) / 1000;
    if (seconds > slowest.seconds) slowest = { seconds, what };
    const kind = what.split(' ')[0];
    outcomes.set(kind, [...(outcomes.get(kind) ?? []), result.status]);
    expect(ALLOWED, `${what}: exit ${result.status} (${result.stderr.slice(0, 400)})`).toContain(result.status);
    expect(result.stderr, `${what}: no internal error`).not.toMatch(/internal error/);
    expect(result.stderr, `${what}: no stack trace`).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    return result;
  };

  it(`runs ${Object.values(COUNTS).reduce((a, b) => a + b)} mutated inputs (seed ${SEED}): exit 0, 2, 3 or 5 only, no stack trace, bounded memory`, async () => {
    const fuzz = mutator(random(SEED));
    const project: Json = {
      format: 'overlap-project',
      version: 1,
      source: 'box.glb',
      meshes: [{ mesh: 'box', role: 'simulated', preset: 'jelly', latticeResolution: 3, material: { youngsModulus: 5e4, poissonRatio: 0.3 } }],
      weights: [{ mesh: 'box', values: [0.5, 0.5, 0.5, 0.5, 1, 1, 1, 1] }],
      handles: [],
      bake: { clip: 'Hop', fps: 24, frames: [0, 2], preroll: 0, loop: false, mode: 'corrective' },
    };
    const weights: Json = {
      weights: [
        { mesh: 'box', values: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7] },
        { mesh: '*', value: 0.3 },
      ],
    };
    const handles: Json = {
      handles: [
        { vertices: [0, 1, 2, 3], translation: [0, 0.02, 0] },
        { vertices: [16, 17], matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0.01, 1] },
      ],
      colliders: [{ plane: { normal: [0, 1, 0], offset: -0.5 } }],
    };
    const scene = JSON.parse(readFileSync(chainScene, 'utf8')) as Json;
    (scene as { frames: number }).frames = 2;
    const rssBefore = process.memoryUsage().rss;
    const bakeArgs = ['bake', glb, '--clip', 'Hop', '--frames', '0:2', '--set', 'meshes.box.latticeResolution=3', '--dry-run'];

    for (let i = 0; i < COUNTS.project; i++) {
      const path = join(folder, `project-${i}.json`);
      writeFileSync(path, fuzz.text(project));
      await check(`project ${i}`, [...bakeArgs, '--project', path]);
    }
    for (let i = 0; i < COUNTS.weights; i++) {
      const path = join(folder, `weights-${i}.json`);
      writeFileSync(path, fuzz.text(weights));
      await check(`weights ${i}`, [...bakeArgs, '--weights', path]);
    }
    for (let i = 0; i < COUNTS.handles; i++) {
      const path = join(folder, `handles-${i}.json`);
      writeFileSync(path, fuzz.text(handles));
      await check(`handles ${i}`, ['arap', mesh, '--handles', path, '--iterations', '5', '--out', join(folder, 'arap.json')]);
    }
    let scenesRun = 0;
    for (let i = 0; i < COUNTS.scene; i++) {
      const text = fuzz.text(scene);
      let parses = true;
      try {
        vbdSceneFromJson(JSON.parse(text));
      } catch {
        parses = false;
      }
      if (parses && scenesRun >= SCENES_RUN) continue;
      if (parses) scenesRun++;
      const path = join(folder, `scene-${i}.json`);
      writeFileSync(path, text);
      await check(`scene ${i}`, ['simulate', path, '--out', join(folder, 'scene.out.json')]);
    }

    // Checkpoints: one real checkpoint of the box's bake (stopped by SIGTERM after its first save), then mutations of it.
    const checkpoints = join(folder, 'checkpoints');
    mkdirSync(checkpoints, { recursive: true });
    const file = join(checkpoints, 'overlap-bake.checkpoint');
    const resumeArgs = [
      'bake',
      glb,
      '--clip',
      'Hop',
      '--frames',
      '0:40',
      '--weights',
      '0.5',
      '--set',
      'meshes.box.latticeResolution=3',
      '--no-progress',
      '--checkpoint',
      checkpoints,
    ];
    const stopper = setInterval(() => {
      if (existsSync(file)) {
        clearInterval(stopper);
        process.emit('SIGTERM', 'SIGTERM');
      }
    }, 10);
    const stopped = await runCli(...resumeArgs, '--checkpoint-every', '2', '--out', join(folder, 'stopped.glb'));
    clearInterval(stopper);
    expect([0, 4], `the checkpointed bake: ${stopped.stderr}`).toContain(stopped.status);
    if (existsSync(file)) {
      const original = deserialize(readFileSync(file)) as { inputHash: string; checkpoint: Record<string, unknown> };
      const hostileArray = (array: Float32Array | Float64Array): unknown =>
        fuzz.pick<() => unknown>([
          () => null,
          () => new Float64Array(array.length).fill(Number.NaN),
          () => new Float32Array(Math.max(0, array.length - 1 - Math.floor(fuzz.next() * 10))),
          () => (array instanceof Float32Array ? new Float32Array(array.length) : new Float64Array(array.length)).fill(1e30),
          () => Array.from(array),
          () => new Uint8Array(array.length),
        ])();
      for (let i = 0; i < COUNTS.checkpoint; i++) {
        const tampered = structuredClone(original);
        const mesh0 = (tampered.checkpoint.meshes as Array<Record<string, unknown>>)[0];
        const simulation = mesh0.simulation as Record<string, Float64Array>;
        const field = fuzz.pick([
          'positions',
          'previousInput',
          'inputMin',
          'simulation.positions',
          'simulation.velocities',
          'simulation.targets',
          'sums',
          'stats',
          'next',
          'meshes',
        ]);
        if (field === 'sums' || field === 'stats') mesh0[field] = fuzz.pick([null, { residualSum: -1 }, { iterations: 'many' }, { __proto__: null }]);
        else if (field === 'next') tampered.checkpoint.next = fuzz.pick([-1e9, 1e9, 0.5, null, '3']);
        else if (field === 'meshes') tampered.checkpoint.meshes = fuzz.pick([null, [], [null], 'meshes']);
        else if (field.startsWith('simulation.'))
          simulation[field.slice('simulation.'.length)] = hostileArray(simulation[field.slice('simulation.'.length)]) as Float64Array;
        else mesh0[field] = hostileArray(mesh0[field] as Float64Array);
        writeFileSync(file, serialize(tampered));
        const result = await check(`checkpoint ${i} (${field})`, [...resumeArgs, '--resume', '--out', join(folder, 'resumed.glb')]);
        expect(result.status, `checkpoint ${i} (${field}): refused as bad input`).toBe(2);
      }
    }

    const grown = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    const peak = (process.resourceUsage().maxRSS * 1024) / 2 ** 30;
    const summary = [...outcomes]
      .map(([kind, codes]) => `${kind}: ${[0, 2, 3, 5].map((code) => `${codes.filter((c) => c === code).length}×${code}`).join(' ')}`)
      .join('; ');
    console.log(
      `fuzz (seed ${SEED}): ${summary}; slowest ${slowest.what} ${slowest.seconds.toFixed(1)} s; RSS grew ${grown.toFixed(0)} MiB, peak ${peak.toFixed(2)} GiB`,
    );
    expect(
      outcomes.get('project')?.some((code) => code === 0),
      'some mutated projects still bake (the fuzz reaches the bake)',
    ).toBe(true);
    expect(
      outcomes.get('project')?.some((code) => code === 2),
      'and some are refused',
    ).toBe(true);
    expect(slowest.seconds, `every case answers in bounded time (slowest: ${slowest.what})`).toBeLessThan(30);
    expect(peak, 'the process’s peak memory stays bounded').toBeLessThan(3);
    expect(grown, 'memory does not grow with the cases (RSS after − before)').toBeLessThan(1024);
  }, 300_000);
});
