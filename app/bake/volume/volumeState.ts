import type { Material } from '../../document/index.ts';
import type { LatticeEmbedding, LatticeSplineWeights, TetTargetFitter, TetVertexWeightMap } from '../../embedding/index.ts';
import type { DetailTransferRunner, VbdControls, VbdModel, VbdState, VbdStepBackend, VbdStepper } from '../../solvers/vbd/index.ts';
import type { LatticeCore } from '../latticeCore.ts';
import type { MeshSimulationStats } from '../meshSimulation.ts';
import type { SimulationControls } from '../surfaceSimulation.ts';

/*
 * A volume simulation as plain data plus named steps (libigl's `ARAPData` style, as app/bake/session/sessionState.ts):
 * VolumeState is everything createVolumeSimulation (app/bake/volumeSimulation.ts, the driver) builds with volumeSetup
 * and its steps read and write; every step is a file of app/bake/volume/.
 *
 * Shapes: #S surface (welded) vertices, #L lattice vertices, #P lattice pieces. Positions are world, row-major xyz, in
 * the simulation's units (file units; the session scales density and gravity instead).
 */

/** Principal stretches an animated elastic reference may take (VbdControls.animatedRest, restShapeInverses). */
export const MIN_REST_STRETCH = 0.5;
export const MAX_REST_STRETCH = 2;

/** One mesh's volumetric simulation: the lattice, its VBD model and stepper, the fitted targets, the embedded surface. */
export interface VolumeState {
  /** the lattice around the welded rest surface, every surface vertex with its tet and barycentrics (C′) */
  readonly embedding: LatticeEmbedding;
  /** lattice targets ū(t) whose embedded surface matches the animated surface (seed 004 Eq. 4.1), warm-started */
  readonly fitter: TetTargetFitter;
  /** which lattice vertices each surface vertex's weight reaches (tetVertexWeights) */
  readonly weightMap: TetVertexWeightMap;
  /** the C¹ quadratic B-spline the surface reads the lattice through (detailTransfer) */
  readonly spline: LatticeSplineWeights;
  /** #L lattice blend weights in [0, 1] (0: pinned to ū); rewritten in place by pinnedLatticeWeights */
  readonly latticeWeights: Float64Array;
  /** the skeleton's driver core and the lattice's pieces (latticeCore) */
  readonly core: LatticeCore;
  /** #P scratch: 1 where a weight-0 lattice vertex pins the piece */
  readonly piecePinned: Uint8Array;
  /** #L 1 on the lattice vertices fixed at setup (weight 0 or core): the attachment stiffness's reference */
  readonly fixed: Uint8Array;
  /** 6V/A of the rest surface [m] (bodyThickness): sets the floor of κ (attachmentFloor) */
  readonly thickness: number;
  /** the mesh's controls (substeps, iterations, gravity, κ, backend); `contact` is read per frame */
  readonly controls: SimulationControls;
  /** elastic reference = the fitted animation (true) or the rest pose (false) */
  readonly animatedRest: boolean;
  /** where the VBD steps run */
  readonly backend: VbdStepBackend;
  /** the material now (setVolumeMaterial replaces it) */
  material: Material;
  /** the VBD model of the lattice (replaced by setVolumeMaterial) */
  model: VbdModel;
  /** #L attachment stiffness κ per vertex, or one for all [1/s²] (controls.attachmentStiffness or attachmentStiffnesses) */
  attachment: number | Float64Array;
  /** the backend's stepper for the model */
  stepper: VbdStepper;
  /** whether the stepper was made for contact (made again for it at the first frame with contact) */
  stepperContact: boolean;
  /** the lattice's VBD state (positions, velocities) */
  state: VbdState;
  /** #L×3 the fitted targets ū of the current frame and of the previous one (Float64) */
  readonly targets: Float64Array;
  readonly previousTargets: Float64Array;
  /** #L×3 scratch: a substep's targets, when a device steps one substep a call (contact) */
  readonly substepStart: Float64Array;
  readonly substepEnd: Float64Array;
  /** substeps + 1 arrays of #L×3: the sub-frame targets (substepTargets), each its own (a device reads them until readState) */
  substepArrays: Float64Array[];
  /** #S×3 scratch of substepTargets: the input at a substep's time (Float32, as the input) and its departure (Float64) */
  readonly subframeInput: Float32Array;
  readonly subframeDelta: Float64Array;
  /** #L×3 scratch of substepTargets: the fitter's linear response to that departure */
  readonly subframeResponse: Float64Array;
  /** #S×4 detail-transfer rotations per surface vertex (x, y, z, w), warm-started */
  readonly quaternions: Float64Array;
  /** #L max distances from the targets (setMaxDistances), or none */
  latticeLimits: Float64Array | undefined;
  /** the detail transfer on the backend's device, made at its first use (detailTransferOnDevice) */
  deviceTransfer: DetailTransferRunner | undefined;
  /** whether the device cannot transfer (no device transfer, or it failed once): the CPU's from then on */
  deviceTransferFailed: boolean;
  /** tet-substeps whose animated reference was clamped, summed over the frames */
  clampedRestTets: number;
  /** the contact surface's hook between substeps (VbdControls.beforeSubstep → BakeContact.beginSteps) */
  readonly contactSurface: NonNullable<VbdControls['beforeSubstep']>;
  /** what the simulation reports (MeshSimulation.stats; clampedRestTets kept current) */
  readonly stats: MeshSimulationStats & { kind: 'volume'; clampedRestTets: number };
}
