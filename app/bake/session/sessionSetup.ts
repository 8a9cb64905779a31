import { createAnimationEvaluator } from '../../animation/index.ts';
import type { ImportedScene } from '../../io/index.ts';
import { cpuVbdStepBackend, withCpuFallback } from '../../solvers/vbd/index.ts';
import { sceneShells } from '../../weights/index.ts';
import { BAKE_STAGES, type BakeOptions, type BakeStage, type ResolvedBakeSettings } from '../bakeSettings.ts';
import { bakeWarning, type BakeWarning } from '../bakeWarning.ts';
import type { MeshSimulationTimings } from '../meshSimulation.ts';
import { meshWeights } from '../meshWeights.ts';
import type { BakeBackend, SessionCounters, SessionInputs } from '../simulationSession.ts';
import type { SessionSetup } from './sessionState.ts';

/**
 * What a simulation session resolves before it builds a mesh: the evaluator, the clock of each stage, the step backend
 * (with its CPU fallback), the colliders and their frame buffers, the scene's separate shells and every simulated
 * mesh's weights. A bake with contact starts its check pool here, so the workers load while the meshes are built.
 *
 * @param scene     the imported scene (not modified)
 * @param settings  resolved settings (resolveBakeSettings)
 * @param options   the weight sources and the project, the step backend, the check pool
 * @param inputs    the caller's evaluator and weights, when it resolved them already
 * @returns the set-up (SessionSetup), every field filled
 */
export function sessionSetup(scene: ImportedScene, settings: ResolvedBakeSettings, options: BakeOptions, inputs: SessionInputs): SessionSetup {
  const evaluator = inputs.evaluator ?? createAnimationEvaluator(scene);
  const stageSeconds = Object.fromEntries(BAKE_STAGES.map((s) => [s, 0])) as Record<BakeStage, number>;
  const stageTimes: MeshSimulationTimings = { fitting: 0, simulation: 0, transfer: 0 };
  const warnings: BakeWarning[] = [];
  const counters: SessionCounters = { simulations: 0, complianceSolves: 0 };
  // Where the VBD step runs; a GPU that fails mid-bake hands over to the CPU from the last completed frame.
  const stepBackend = options.stepBackend ?? cpuVbdStepBackend();
  const backendReport: BakeBackend = { name: stepBackend.kind, description: stepBackend.description, requested: options.backend ?? stepBackend.kind };
  if (stepBackend.adapter) backendReport.adapter = { ...stepBackend.adapter };
  const backend = withCpuFallback(stepBackend, (message) => {
    backendReport.fallback ??= message;
    warnings.push(bakeWarning('gpu-fallback', message));
  });
  // Colliders: every mesh with role collider, moving with its own animation, exported unchanged (app/contact).
  const colliders = settings.meshes
    .filter((m) => m.role === 'collider')
    .map((m) => ({
      meshIndex: m.meshIndex,
      name: m.name,
      triangles: scene.meshes[m.meshIndex].topology.triangles,
      vertexCount: scene.meshes[m.meshIndex].topology.vertexCount,
    }));
  const selfContact = settings.bake.selfContact;
  // A bake with contact checks its input frames on the pool while it simulates: its workers start loading now, while
  // the meshes are set up.
  if (options.checkPool && (selfContact || colliders.length > 0)) options.checkPool.start();
  // Separate shells (one rule for pieces and meshes) and the shells the project sets back to rigid.
  const shells = sceneShells(scene);
  // The weights are resolved with the settings (bake() does it before anything is built; a session on its own here).
  const weightsClock = performance.now();
  const weights = inputs.weights ?? meshWeights(scene, settings, options);
  if (!inputs.weights) stageSeconds.weights += (performance.now() - weightsClock) / 1000;
  return {
    scene,
    settings,
    options,
    evaluator,
    clip: scene.clips[settings.clipIndex],
    dt: 1 / settings.fps,
    frameCount: settings.lastFrame - settings.firstFrame + 1,
    // The simulation runs in file units: an asset of s meters per unit behaves like its physical size when
    // its density is ρ·s² and gravity g/s (substitute x = s·x_u in M ẍ = −∇Π + M g; E, ν, β and κ are unchanged).
    metersPerUnit: settings.metersPerUnit,
    stageSeconds,
    stageTimes,
    warnings,
    counters,
    backend,
    backendReport,
    colliders,
    colliderStart: colliders.map((c) => new Float32Array(3 * c.vertexCount)),
    colliderEnd: colliders.map((c) => new Float32Array(3 * c.vertexCount)),
    selfContact,
    shells,
    weights,
  };
}
