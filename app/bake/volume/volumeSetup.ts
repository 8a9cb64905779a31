import type { Material } from '../../document/index.ts';
import { latticeEmbedding, latticeSplineWeights, tetTargetFitter, tetVertexWeightMap } from '../../embedding/index.ts';
import type { WeldedTopology } from '../../geometry/index.ts';
import { cpuVbdStepBackend, createVbdState } from '../../solvers/vbd/index.ts';
import { attachmentStiffnesses } from '../attachmentStiffnesses.ts';
import { latticeCore } from '../latticeCore.ts';
import type { SimulationControls } from '../surfaceSimulation.ts';
import { attachmentFloor } from './attachmentFloor.ts';
import { bodyThickness } from './bodyThickness.ts';
import { pinnedLatticeWeights } from './pinnedLatticeWeights.ts';
import { volumeModel } from './volumeModel.ts';
import { MAX_REST_STRETCH, MIN_REST_STRETCH, type VolumeState } from './volumeState.ts';

/**
 * Everything a volume simulation holds, built once for a mesh: the lattice around the welded rest surface
 * (latticeEmbedding, seed 004 Algorithm 1), the target fitter factored once (tetTargetFitter, Eq. 4.1), the weight map
 * and the C¹ spline the surface reads the lattice through, the lattice's VBD model, the driver core (latticeCore), the
 * lattice weights with their pins (pinnedLatticeWeights), the attachment stiffness κ (attachmentStiffnesses over the
 * fixed vertices, floored by attachmentFloor), the backend's stepper and the state at the rest pose.
 *
 * @param topology           the mesh's welded topology
 * @param restPositions      #S×3 welded rest positions, world space [m]
 * @param blendWeights       #S physics-blend weights in [0, 1]
 * @param material           Neo-Hookean material
 * @param latticeResolution  cells along the longest side of the bounding box
 * @param controls           substeps, iterations, gravity, κ, and the backend the VBD step runs on
 * @param skeleton           #B×6 bone segments in the rest pose's (world) space [m], empty (the default) for an
 *                           unskinned mesh: where the driver core is (latticeCore)
 * @param animatedRest       elastic reference = the fitted animation (true, the default) or the rest pose (false)
 * @param bounds             the box the lattice spans (latticeEmbedding's bounds), default the surface's: a simulation
 *                           of part of a mesh keeps the whole mesh's cells (createPartialSimulation)
 * @returns the simulation's state
 */
export function volumeSetup(
  topology: WeldedTopology,
  restPositions: Float32Array,
  blendWeights: Float32Array,
  material: Material,
  latticeResolution: number,
  controls: SimulationControls,
  skeleton: ArrayLike<number> = [],
  animatedRest = true,
  bounds?: { min: readonly number[]; max: readonly number[] },
): VolumeState {
  const embedding = latticeEmbedding(restPositions, topology.triangles, { resolution: latticeResolution, bounds });
  const fitter = tetTargetFitter(embedding, {
    surfaceTriangles: topology.triangles,
    // Without strain limits the least-squares fit inverts tets where the rig stretches the skin more than a
    // coarse lattice can follow (Fox Walk, res 12: ~94 inverted tets a frame); with them none invert, at 3-5x
    // the fitting time (tetTargetFitter DESIGN NOTES).
    stretchLimits: { min: MIN_REST_STRETCH, max: MAX_REST_STRETCH },
  });
  const weightMap = tetVertexWeightMap(embedding);
  // The surface reads the lattice through the C¹ quadratic B-spline, not C′: a bent lattice left a kink on every
  // tet face (the sample's second landing: a 23° fold along a lattice plane; latticeSplineWeights).
  const spline = latticeSplineWeights(embedding);
  const latticeWeights = new Float64Array(embedding.vertexCount);
  const model = volumeModel(embedding, material);
  // The driver: weight-0 lattice vertices, and in every piece that has none the skeleton core (uniform weight 1
  // would otherwise hover or collapse). The core is also the reference of the attachment stiffness.
  const core = latticeCore(embedding, skeleton, restPositions, topology.triangles);
  const piecePinned = new Uint8Array(core.pieceCount);
  const { driverVertices, unpinnedPieces } = pinnedLatticeWeights({ embedding, weightMap, latticeWeights, core, piecePinned, controls }, blendWeights);
  const fixed = new Uint8Array(embedding.vertexCount);
  for (let v = 0; v < embedding.vertexCount; v++) fixed[v] = latticeWeights[v] === 0 || core.core[v] ? 1 : 0;
  const thickness = bodyThickness(restPositions, topology.triangles);
  const attachment = controls.attachmentStiffness ?? attachmentStiffnesses(model, fixed, attachmentFloor(material, thickness));
  const targets = Float64Array.from(embedding.positions);
  const previousTargets = Float64Array.from(embedding.positions);
  const backend = controls.backend ?? cpuVbdStepBackend();
  const stepper = backend.createStepper(model);
  const quaternions = new Float64Array(4 * embedding.surfaceVertexCount);
  for (let s = 0; s < embedding.surfaceVertexCount; s++) quaternions[4 * s + 3] = 1;
  const { stats: embeddingStats } = embedding;
  return {
    embedding,
    fitter,
    weightMap,
    spline,
    latticeWeights,
    core,
    piecePinned,
    fixed,
    thickness,
    controls,
    animatedRest,
    backend,
    material,
    model,
    attachment,
    stepper,
    stepperContact: false,
    state: createVbdState(model),
    targets,
    previousTargets,
    substepStart: new Float64Array(targets.length),
    substepEnd: new Float64Array(targets.length),
    substepArrays: [],
    subframeInput: new Float32Array(3 * embedding.surfaceVertexCount),
    subframeDelta: new Float64Array(3 * embedding.surfaceVertexCount),
    subframeResponse: new Float64Array(targets.length),
    quaternions,
    latticeLimits: undefined,
    deviceTransfer: undefined,
    deviceTransferFailed: !backend.createDetailTransfer,
    clampedRestTets: 0,
    // The contact surface follows the lattice substep by substep (its detail offsets from the substep's ū and the
    // state). controls.contact is read per call: the bake sets it after the embedding exists.
    contactSurface: (latticeTargets, from, to, positions) => controls.contact?.beginSteps(latticeTargets, from, to, positions),
    stats: {
      kind: 'volume' as const,
      vertexCount: model.vertexCount,
      tetCount: model.tetCount,
      triangleCount: 0,
      colorCount: model.colorCount,
      clampedRestTets: 0,
      driverVertices,
      pieces: core.pieceCount,
      unpinnedPieces,
      embedding: {
        resolution: embeddingStats.resolution,
        cellSize: embedding.cellSize,
        cells: embeddingStats.cells,
        duplicatedCells: embeddingStats.duplicatedCells,
        seconds: embeddingStats.seconds,
        factorSeconds: fitter.factorSeconds,
      },
    },
  };
}
