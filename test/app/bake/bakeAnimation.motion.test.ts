// Believable secondary motion by default (issue 9), measured on the output as an engine plays it: the input and the
// baked file are both played by three.js. On the built-in sample, Fox.glb at its real size (0.01 m per unit, all
// three clips) and the generated character (belly, tail, separate eyes and visor):
// - default settings flip no triangle, keep feet, hands and head within 1% of the body's size and separate shells
//   within 1% of their own size of where the input has them on their host, and still move the soft parts (belly or
//   tail) by ≥ 2% of the body's size, lagging their driver;
// - the wobble frequency follows the material and the size (jelly ≤ 0.6× flesh; a bigger body wobbles slower);
// - the output comes back to the animator's pose when the input stops, and weight 0 is exact on every frame;
// - each preset reaches its stated accuracy, and a stiffer material follows more closely;
// - a loop baked over two cycles plays the skeleton in both; the report warns for each problem, and not otherwise.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bake, CORRECTION_TOLERANCE, EXPORT_DEFAULTS, type BakeOptions, type BakeOutput } from '../../../app/bake/index.ts';
import { flippedTriangleCount } from '../../../app/geometry/index.ts';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import { TEST_CHARACTER, testCharacterGlb } from '../../helpers/testCharacter.ts';
import { dataFolder, diagonal, samplePath, temporaryFolder } from './bakeTestKit.ts';
import { componentRegion, dampedMode, jointRegion, lagCorrelation, playBake, regionCentroids, regionDrift, type PlayedMesh } from './motionKit.ts';

const foxPath = join(dataFolder, 'Fox.glb');
const critterPath = join(temporaryFolder(), 'critter.glb');
let sample: ImportedScene;
let fox: ImportedScene;
let critter: ImportedScene;

beforeAll(async () => {
  writeFileSync(critterPath, await testCharacterGlb());
  sample = await readGltf(new Uint8Array(readFileSync(samplePath)), { fileName: 'sample.glb' });
  fox = await readGltf(new Uint8Array(readFileSync(foxPath)), { fileName: 'Fox.glb' });
  critter = await readGltf(new Uint8Array(readFileSync(critterPath)), { fileName: 'critter.glb' });
});

/** Most flipped triangles in any frame, output against input (the rig's own crushed triangles not counted). */
function flipped(played: PlayedMesh): number {
  let worst = 0;
  played.input.forEach((input, f) => (worst = Math.max(worst, flippedTriangleCount(played.mesh.triangles, input, played.output[f], played.rest))));
  return worst;
}

/** Largest drift of a separate shell relative to its host region: ‖(out − in)_shell − (out − in)_host‖ of their centroids. */
function shellDrift(shell: PlayedMesh, shellRegion: Uint8Array | null, host: PlayedMesh, hostRegion: Uint8Array): number {
  const all = shellRegion ?? new Uint8Array(shell.mesh.renderVertexCount).fill(1);
  const si = regionCentroids(shell, all, 'input');
  const so = regionCentroids(shell, all, 'output');
  const hi = regionCentroids(host, hostRegion, 'input');
  const ho = regionCentroids(host, hostRegion, 'output');
  let worst = 0;
  for (let f = 0; f < si.length / 3; f++) {
    worst = Math.max(
      worst,
      Math.hypot(
        so[3 * f] - si[3 * f] - (ho[3 * f] - hi[3 * f]),
        so[3 * f + 1] - si[3 * f + 1] - (ho[3 * f + 1] - hi[3 * f + 1]),
        so[3 * f + 2] - si[3 * f + 2] - (ho[3 * f + 2] - hi[3 * f + 2]),
      ),
    );
  }
  return worst;
}

function regionSize(played: PlayedMesh, region: Uint8Array): number {
  const points: number[] = [];
  for (let v = 0; v < region.length; v++) if (region[v]) points.push(played.rest[3 * v], played.rest[3 * v + 1], played.rest[3 * v + 2]);
  return diagonal(Float32Array.from(points));
}

interface DefaultCase {
  label: string;
  path: () => string;
  scene: () => ImportedScene;
  options: BakeOptions;
  /** skin joints of the feet, hands and head */
  extremities: RegExp;
  /** the soft region that must move and lag on a walk or a landing: the belly or the tail (none for an idle clip) */
  soft: ((scene: ImportedScene, played: PlayedMesh) => Uint8Array) | null;
}

const defaultCases: DefaultCase[] = [
  {
    label: 'the sample (Bounce, two hops and the hold after the clip)',
    path: () => samplePath,
    scene: () => sample,
    options: { clip: 'Bounce', frames: [18, 66] },
    extremities: /^(head|root)$/,
    // The belly: the body's front between the hips and the chest.
    soft: (scene, played) => {
      const body = componentRegion(played.mesh, [0]);
      return Uint8Array.from(body, (inBody, v) =>
        inBody && played.rest[3 * v + 2] > 0.2 && played.rest[3 * v + 1] > 0.2 && played.rest[3 * v + 1] < 0.6 ? 1 : 0,
      );
    },
  },
  ...['Survey', 'Walk', 'Run'].map(
    (clip): DefaultCase => ({
      label: `Fox.glb at 0.01 m per unit (${clip})`,
      path: () => foxPath,
      scene: () => fox,
      options: { clip, metersPerUnit: 0.01 },
      extremities: /Head|Hand|Foot/,
      // Survey is an idle look-around: no walk and no landing to answer.
      soft: clip === 'Survey' ? null : (scene, played) => jointRegion(scene, played.mesh, /Tail03/),
    }),
  ),
  {
    label: 'the generated character (Jump: take-off, flight and a hard landing)',
    path: () => critterPath,
    scene: () => critter,
    options: { clip: TEST_CHARACTER.clips.jump, frames: [10, 50] },
    extremities: /^(head|hand\.[LR]|foot\.[LR]|toe\.[LR])$/,
    soft: (scene, played) => jointRegion(scene, played.mesh, /^tail\.5$/),
  },
];

describe.each(defaultCases)('default bake of $label', (testCase) => {
  let output: BakeOutput;
  let played: PlayedMesh[];
  let size: number;
  beforeAll(async () => {
    output = await bake(testCase.scene(), testCase.options);
    played = await playBake(testCase.path(), testCase.scene(), output);
    size = diagonal(played[0].rest);
  });

  it('flips no triangle that the input does not flip, and the simulation itself flips none (the flip guard never acts)', () => {
    for (const mesh of played) expect(flipped(mesh), `${mesh.mesh.name}: most triangles turned inside out in a frame`).toBe(0);
    // The file has none either way (flipGuard); the defaults are believable only if the physics does not need it.
    for (const mesh of output.report.meshes) expect(mesh.simulation?.flipGuard.framesCorrected, `${mesh.name}: frames the flip guard corrected`).toBe(0);
  });

  it('keeps feet, hands and head within 1% of the body size of the input', () => {
    const main = played[0];
    const region = jointRegion(testCase.scene(), main.mesh, testCase.extremities);
    expect(
      region.some((v) => v === 1),
      'the extremities were found',
    ).toBe(true);
    expect(regionDrift(main, region) / size, 'largest extremity drift / body diagonal').toBeLessThan(0.01);
  });

  it.skipIf(testCase.soft === null)('moves the soft region by at least 2% of the body size, lagging its driver', () => {
    const main = played[0];
    const region = testCase.soft!(testCase.scene(), main);
    expect(regionDrift(main, region) / size, 'largest soft-region displacement / body diagonal').toBeGreaterThan(0.02);
    // Within a third of a second: the soft parts answer a jolt within a quarter of their (≥ 1 Hz) period.
    const lag = lagCorrelation(regionCentroids(main, region, 'input'), regionCentroids(main, region, 'output'), 8);
    expect(lag.correlation, `peak correlation of the soft region's offset with minus its input acceleration, ${lag.delay} frames later`).toBeGreaterThan(0.3);
  });

  it('reports no warning', () => {
    expect(output.report.warnings, 'warnings of a clean default bake').toEqual([]);
  });
});

describe('separate shells follow their host', () => {
  it('the generated character: eyes and visor stay within 1% of their own size of where the input has them on the head', async () => {
    const output = await bake(critter, { clip: TEST_CHARACTER.clips.jump, frames: [20, 45] });
    const [body, visor] = await playBake(critterPath, critter, output, [TEST_CHARACTER.meshes.body, TEST_CHARACTER.meshes.visor]);
    const head = jointRegion(critter, body.mesh, /^head$/);
    const eyesRange = body.mesh.primitives[TEST_CHARACTER.eyesPrimitive];
    const eyes = Uint8Array.from({ length: body.mesh.renderVertexCount }, (_, r) =>
      r >= eyesRange.firstVertex && r < eyesRange.firstVertex + eyesRange.vertexCount ? 1 : 0,
    );
    const headOnly = Uint8Array.from(head, (h, r) => (h && !eyes[r] ? 1 : 0));
    expect(shellDrift(body, eyes, body, headOnly) / regionSize(body, eyes), 'eyes: drift relative to the head / eye size').toBeLessThan(0.01);
    expect(shellDrift(visor, null, body, headOnly) / diagonal(visor.rest), 'visor: drift relative to the head / visor size').toBeLessThan(0.01);
  });
});

describe('the material sets the wobble', () => {
  // The sample's belly rings after the second landing and on through the hold after the clip (frames 57–100);
  // a coarse lattice keeps it fast (the claim compares materials and sizes on the same lattice).
  const ring = async (options: BakeOptions): Promise<number> => {
    const output = await bake(sample, { clip: 'Bounce', frames: [40, 100], meshes: [{ mesh: 'Blob', latticeResolution: 8 }], ...options });
    const [main] = await playBake(samplePath, sample, output);
    const region = componentRegion(main.mesh, [0]).map((inBody, v) =>
      inBody && main.rest[3 * v + 2] > 0.2 && main.rest[3 * v + 1] > 0.2 && main.rest[3 * v + 1] < 0.6 ? 1 : 0,
    );
    const offset = regionCentroids(main, region, 'output');
    const input = regionCentroids(main, region, 'input');
    // Vertical offset of the belly from its input, from the second landing on.
    const signal = Array.from({ length: 100 - 58 + 1 }, (_, k) => offset[3 * (18 + k) + 1] - input[3 * (18 + k) + 1]);
    return dampedMode(signal, 30).hertz;
  };

  it('jelly wobbles at most 0.6× as fast as flesh on the sample belly (√(E/ρ) predicts 0.44)', async () => {
    const flesh = await ring({ preset: 'flesh' });
    const jelly = await ring({ preset: 'jelly' });
    expect(flesh, 'flesh belly frequency [Hz]').toBeGreaterThan(0.5);
    expect(jelly / flesh, `jelly ${jelly.toFixed(2)} Hz / flesh ${flesh.toFixed(2)} Hz`).toBeLessThanOrEqual(0.6);
  });

  it('the same character 2.5× bigger wobbles slower (ω ∝ 1/size)', async () => {
    const small = await ring({ preset: 'jelly' });
    const big = await ring({ preset: 'jelly', metersPerUnit: 2.5 });
    expect(big / small, `2.5× size: ${big.toFixed(2)} Hz vs ${small.toFixed(2)} Hz`).toBeLessThan(0.75);
  });
});

describe('back to the animator', () => {
  it('after the input stops, the output is within 1e-3 of the diagonal of it within 1 s (the generated character, MoveAndHold)', async () => {
    const fps = 30;
    const stop = Math.round(TEST_CHARACTER.holdFrom * fps);
    const output = await bake(critter, { clip: TEST_CHARACTER.clips.hold, frames: [0, stop + fps] });
    const [main] = await playBake(critterPath, critter, output);
    const size = diagonal(main.rest);
    expect(regionDrift(main, null, 0, stop) / size, 'the soft parts moved while the input moved').toBeGreaterThan(0.005);
    expect(regionDrift(main, null, stop + fps, stop + fps) / size, '1 s after the stop: output vs input / diagonal').toBeLessThan(1e-3);
  });

  it('weight 0 is exact on every frame, including frames held past the clip end (Fox Walk, 17 frames long, baked to 40)', async () => {
    const output = await bake(fox, { clip: 'Walk', frames: [0, 40], metersPerUnit: 0.01 });
    const [main] = await playBake(foxPath, fox, output);
    const weights = output.result.meshes[0].weights;
    const pinned = Uint8Array.from({ length: main.mesh.renderVertexCount }, (_, r) => (weights[main.mesh.topology.renderToSimulation[r]] === 0 ? 1 : 0));
    expect(
      pinned.some((v) => v === 1),
      'the default weights pin the head, hands and feet',
    ).toBe(true);
    const size = diagonal(main.rest);
    expect(regionDrift(main, pinned, 0, 17) / size, 'weight-0 drift within the clip / diagonal').toBeLessThan(1e-6);
    expect(regionDrift(main, pinned, 18, 40) / size, 'weight-0 drift past the clip end / diagonal').toBeLessThan(1e-6);
  });
});

describe('every preset reaches its stated accuracy, and stiffer follows closer', () => {
  const results = new Map<string, BakeOutput>();
  beforeAll(async () => {
    for (const preset of ['jelly', 'flesh', 'stiffRubber'] as const) {
      results.set(preset, await bake(sample, { clip: 'Bounce', preset, frames: [20, 34], meshes: [{ mesh: 'Blob', latticeResolution: 8 }] }));
    }
    // Cloth on the one open sheet of the data folder (on a closed body it is a bag, not a garment).
    const strip = await readGltf(new Uint8Array(readFileSync(join(dataFolder, 'SimpleSkin.gltf'))), { fileName: 'SimpleSkin.gltf' });
    results.set('cloth', await bake(strip, { clip: '0', preset: 'cloth' }));
  });

  it.each(['jelly', 'flesh', 'stiffRubber', 'cloth'])('%s: every frame ends within its accuracy (the remaining error bound)', (preset) => {
    const stats = results.get(preset)!.report.meshes[0].simulation!;
    expect(stats.unconvergedFrames, `${preset}: frames above twice the stated accuracy`).toBe(0);
    expect(stats.correctionMean, `${preset}: mean remaining error / cell`).toBeLessThanOrEqual(CORRECTION_TOLERANCE);
    expect(
      results.get(preset)!.report.warnings.filter((w) => w.code === 'not-converged'),
      `${preset}: not-converged warnings`,
    ).toEqual([]);
  });

  it('a stiffer material moves less from the animation: stiffRubber < flesh < jelly', () => {
    const moved = (preset: string) => results.get(preset)!.report.meshes[0].simulation!.maxDisplacement;
    expect(moved('stiffRubber'), 'stiffRubber vs flesh [m]').toBeLessThan(moved('flesh'));
    expect(moved('flesh'), 'flesh vs jelly [m]').toBeLessThan(moved('jelly'));
  });
});

describe('loops of any length', () => {
  it('a loop over two cycles plays the skeleton in both, and its seam closes (Fox Run, 28 frames a cycle, baked 0:55)', async () => {
    const still = await bake(fox, { clip: 'Run', loop: true, frames: [0, 55], uniformWeight: 0, metersPerUnit: 0.01 });
    const [follow] = await playBake(foxPath, fox, still);
    const size = diagonal(follow.rest);
    // With weight 0 the output is the input's pose at every frame: the second cycle too (the skeleton keys repeat).
    expect(regionDrift(follow, null, 29, 55) / size, 'weight 0: second cycle, output vs input at the wrapped time').toBeLessThan(1e-5);
    const output = await bake(fox, { clip: 'Run', loop: true, frames: [0, 55], metersPerUnit: 0.01 });
    const [played] = await playBake(foxPath, fox, output);
    const first = regionDrift(played, null, 0, 27);
    const second = regionDrift(played, null, 28, 55);
    // Without the skeleton in the second cycle the corrective shapes would carry the whole run (offsets of the body's size).
    expect(second, `defaults: second-cycle deviation ${second} vs first ${first} [m]`).toBeLessThan(1.5 * first + 1e-3 * size);
    const seam = (f: number) => played.output[f].map((x, i) => x - played.input[f][i]);
    const start = seam(0);
    const end = seam(55);
    let mismatch = 0;
    for (let i = 0; i < start.length; i += 3)
      mismatch = Math.max(mismatch, Math.hypot(end[i] - start[i], end[i + 1] - start[i + 1], end[i + 2] - start[i + 2]));
    // The bake closes the seam exactly; the file replays every frame within the compact shapes' bound (shapeError of
    // the diagonal), so the two ends may differ by twice that.
    expect(mismatch / size, 'offset at the last frame vs the first').toBeLessThan(2 * EXPORT_DEFAULTS.shapeError);
  });
});

describe('the report warns', () => {
  it('when a solve stops short of its accuracy (stiffRubber at 1 substep and 1 iteration)', async () => {
    const output = await bake(sample, {
      clip: 'Bounce',
      preset: 'stiffRubber',
      frames: [24, 30],
      meshes: [{ mesh: 'Blob', latticeResolution: 8, substeps: 1, iterations: 1 }],
    });
    expect(
      output.report.warnings.map((w) => w.code),
      'warning codes',
    ).toContain('not-converged');
  });

  it('when nothing pins a piece, parts move more than a quarter of their size, and triangles flip (jelly at uniform weight 0.9)', async () => {
    const output = await bake(sample, {
      clip: 'Bounce',
      preset: 'jelly',
      uniformWeight: 0.9,
      frames: [20, 40],
      meshes: [{ mesh: 'Blob', latticeResolution: 8 }],
    });
    const codes = output.report.warnings.map((w) => w.code);
    for (const code of ['no-driver', 'large-motion', 'flipped-triangles'] as const) expect(codes, `warning codes include ${code}`).toContain(code);
    expect(
      output.report.warnings.every((w) => w.mesh === 'Blob' && w.message.length > 0),
      'each names its mesh and says what is wrong',
    ).toBe(true);
    // The simulation turned triangles inside out; the flip guard kept them out of the file, and the report says so.
    const [played] = await playBake(samplePath, sample, output);
    expect(flipped(played), 'most triangles inside out in a frame of the file').toBe(0);
    const guard = output.report.meshes[0].simulation!.flipGuard;
    expect(guard.framesCorrected, 'frames the flip guard corrected').toBeGreaterThan(0);
    expect(guard.flippedMax, 'most triangles the simulation flipped in a frame').toBeGreaterThan(0);
    expect(output.report.warnings.find((w) => w.code === 'flipped-triangles')!.message, 'the warning says the bake pulled them back').toMatch(
      /pulled them back toward the input/,
    );
  });

  it('when the frames run far past the clip end (Fox Walk, 0.7 s, baked to 3.3 s)', async () => {
    const output = await bake(fox, { clip: 'Walk', frames: [0, 80], uniformWeight: 0, metersPerUnit: 0.01 });
    // Weight 0 everywhere: nothing simulated shows in the output either (issue 35).
    expect(
      output.report.warnings.map((w) => w.code),
      'warning codes',
    ).toEqual(['past-clip-end', 'nothing-simulated']);
  });
});
