/**
 * The contact bench's layeredCharacter section (bench/contact.bench.ts, see its header): the layered character with
 * and without self-contact, and the repair.
 */
import { createAnimationEvaluator } from '../app/animation/index.ts';
import { bake, type BakeOptions } from '../app/bake/index.ts';
import { surfaceRepair } from '../app/contact/index.ts';
import { DEFAULT_CHECK_WORKERS, nodeCheckPool } from '../app/intersection/node/index.ts';
import { readGltf } from '../app/io/index.ts';
import { testCharacterGlb } from '../test/helpers/testCharacter.ts';
import { CHARACTER_CLIP, FPS, FRAMES, round } from './contactBenchSettings.ts';

/**
 * The layered character (issue 33): ours with and without self-contact on the same frames, and the repair of its
 * MoveAndHold frames in time order, timed beside the self-contact bake (see the header).
 */
export async function layeredCharacter(level: number) {
  const bytes = await testCharacterGlb({ subdivisions: level, gear: true });
  const scene = await readGltf(bytes, { fileName: 'layered.glb' });
  const options: BakeOptions = { clip: CHARACTER_CLIP, frames: [0, FRAMES - 1], fps: FPS, selfContact: true };
  const timed = async (bakeOptions: BakeOptions) => {
    const checkPool = DEFAULT_CHECK_WORKERS > 0 ? nodeCheckPool(DEFAULT_CHECK_WORKERS) : undefined;
    const start = performance.now();
    try {
      const output = await bake(scene, { ...bakeOptions, checkPool });
      return { output, milliseconds: performance.now() - start };
    } finally {
      await checkPool?.close();
    }
  };
  const withContact = await timed(options);
  const without = await timed({ ...options, selfContact: false });
  const perFrame = (ms: number) => round(ms / FRAMES, 1);
  const meshes = withContact.output.report.meshes.map((m) => {
    const contact = m.simulation!.contact!;
    return {
      mesh: m.name,
      newRegionsPerFrame: { simulated: Math.max(...contact.simulatedNewRegions), exported: Math.max(...contact.newRegions) },
      framesCorrected: contact.framesCorrected,
      proximitySeconds: round(contact.seconds.proximity, 2),
      checkSeconds: round(contact.seconds.checks, 2),
      searches: contact.searches,
      partialSearches: contact.partialSearches,
    };
  });
  // The repair on MoveAndHold, frames in time order from frame 0 (as a bake asks for them).
  const clip = scene.clips.findIndex((c) => c.name === 'MoveAndHold');
  const meshIndex = scene.meshes.findIndex((m) => m.name === 'Critter');
  const { topology } = scene.meshes[meshIndex];
  const evaluator = createAnimationEvaluator(scene);
  const rest = new Float32Array(3 * topology.vertexCount);
  evaluator.evaluateSimulationPositions(meshIndex, null, 0, rest);
  const repair = surfaceRepair({ triangles: topology.triangles, vertexCount: topology.vertexCount, restPositions: rest });
  const frame = new Float32Array(3 * topology.vertexCount);
  let repairMs = 0,
    added = 0,
    left = 0,
    repaired = 0;
  for (let f = 0; f < FRAMES; f++) {
    evaluator.evaluateSimulationPositions(meshIndex, clip, f / FPS, frame);
    const start = performance.now();
    const report = repair.repair(frame);
    repairMs += performance.now() - start;
    added += report.before;
    left += report.after;
    if (report.before > 0) repaired++;
  }
  const contactPerFrame = withContact.milliseconds / FRAMES;
  return {
    level,
    vertices: scene.meshes.reduce((n, m) => n + m.topology.vertexCount, 0),
    millisecondsPerFrame: perFrame(withContact.milliseconds),
    millisecondsPerFrameWithoutContact: perFrame(without.milliseconds),
    contactOverWithout: round(withContact.milliseconds / without.milliseconds),
    meshes,
    repair: {
      clip: 'MoveAndHold',
      millisecondsPerFrame: round(repairMs / FRAMES, 1),
      framesRepaired: repaired,
      millisecondsPerRepairedFrame: repaired > 0 ? round(repairMs / repaired, 1) : 0,
      pairsAdded: added,
      pairsLeft: left,
      removedShare: added > 0 ? round((added - left) / added, 3) : 1,
      overContactBakeFrame: round(repairMs / FRAMES / contactPerFrame),
      repairedFrameOverContactBakeFrame: repaired > 0 ? round(repairMs / repaired / contactPerFrame) : 0,
    },
  };
}
