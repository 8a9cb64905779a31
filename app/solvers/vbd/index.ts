/**
 * Vertex Block Descent (seed 000 ch. 3) on the CPU: the engine's fallback solver and the reference every WebGPU
 * kernel is tested against. Model / State / step: build an immutable model with createVbdModel, a state with
 * createVbdState, then call step(model, stateIn, stateOut, controls, dt) once per frame.
 */
export type {
  FloatArray,
  VbdCallParameters,
  VbdContact,
  VbdCallInputs,
  VbdContactData,
  VbdControlGroup,
  VbdControls,
  VbdHooks,
  VbdElementSet,
  VbdInitialization,
  VbdMaterial,
  VbdModel,
  VbdModelDescription,
  VbdResidualMode,
  VbdSolverSettings,
  VbdState,
  VbdStepDiagnostics,
  VbdTetEnergy,
} from './types.ts';
export { CONTACT_KIND, VBD_CONTROL_GROUPS } from './types.ts';
export { contactSlotCount } from './contactSlotCount.ts';
export { createVbdModel, VBD_MATERIAL_DEFAULTS } from './createVbdModel.ts';
export { createVbdState } from './createVbdState.ts';
export { createVbdWorkspace, type VbdWorkspace } from './createVbdWorkspace.ts';
export { createVbdCallParameters } from './createVbdCallParameters.ts';
export { step } from './step.ts';
// where the step runs: the CPU here, WebGPU in kernels/vbd, chosen by the caller (the bake) by injection
export {
  VbdBackendError,
  type DetailTransferRunner,
  type VbdAdapterDescription,
  type VbdStepBackend,
  type VbdStepper,
  type VbdStepperOptions,
} from './vbdStepBackend.ts';
export { createCpuVbdStepper } from './createCpuVbdStepper.ts';
export { cpuVbdStepBackend } from './cpuVbdStepBackend.ts';
export { withCpuFallback } from './withCpuFallback.ts';
export { addStepDiagnostics } from './addStepDiagnostics.ts';
export { emptyStepDiagnostics } from './emptyStepDiagnostics.ts';
export { emptyVbdContactData, type VbdContactDataInit } from './emptyVbdContactData.ts';
export { blendStiffness } from './blendStiffness.ts';
export { vertexTerms, type VertexTermsOut } from './vertexTerms.ts';
export { lameParameters, MAX_POISSON_RATIO } from './lameParameters.ts';
export { boxTetrahedra } from './boxTetrahedra.ts';
export { variationalEnergy } from './variationalEnergy.ts';
export { meanForceResidual } from './meanForceResidual.ts';
// per-vertex and per-element building blocks the WebGPU kernels mirror
export { forwardStep } from './forwardStep.ts';
export { solveColor } from './solveColor.ts';
export { solveVertexBlock } from './solveVertexBlock.ts';
export { vertexForceHessian } from './vertexForceHessian.ts';
export { vertexLocalEnergy } from './vertexLocalEnergy.ts';
export { chebyshevAccelerate, chebyshevOmega } from './chebyshevAccelerate.ts';
export { evaluateNeoHookeanForceHessian, neoHookeanEnergy } from './evaluateNeoHookeanForceHessian.ts';
export { evaluateCorotatedForceHessian, corotatedEnergy } from './evaluateCorotatedForceHessian.ts';
export { tetElasticEnergy } from './tetElasticEnergy.ts';
export { evaluateStvkTriangleForceHessian, stvkTriangleEnergy } from './evaluateStvkTriangleForceHessian.ts';
export { evaluateDihedralBendingForceHessian, dihedralBendingEnergy, dihedralAngle } from './evaluateDihedralBendingForceHessian.ts';
export { evaluateSpringForceHessian, springEnergy } from './evaluateSpringForceHessian.ts';
export { accumulateInertiaForceHessian } from './accumulateInertiaForceHessian.ts';
export { accumulateAttachmentForceHessian } from './accumulateAttachmentForceHessian.ts';
export { evaluateContactForceHessian } from './evaluateContactForceHessian.ts';
export { contactPointPosition } from './contactPointPosition.ts';
export { contactGeometry, GEOMETRY } from './contactGeometry.ts';
export { contactEnergy } from './contactEnergy.ts';
export { contactActivation } from './contactActivation.ts';
export { elasticForces } from './elasticForces.ts';
export { restShapeInverses } from './restShapeInverses.ts';
export { colorVertexGraph } from './colorVertexGraph.ts';
export { vertexNeighborGraph } from './vertexNeighborGraph.ts';
export { vertexElementAdjacency } from './vertexElementAdjacency.ts';
export { dihedralHinges } from './dihedralHinges.ts';
export { vbdSceneFromJson, type VbdScene } from './vbdSceneFromJson.ts';
export { SimulationError } from './simulationError.ts';
export { SolverSettingsError } from './solverSettingsError.ts';
export { checkVbdControls, type CheckedVbdControls } from './checkVbdControls.ts';
export { vertexHessianScaleProblem, HESSIAN_SCALE_LIMITS } from './vertexHessianScaleProblem.ts';
export type { ElementForceHessian } from './elementForceHessian.ts';
