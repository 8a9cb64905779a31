import type { Material } from '../../document/index.ts';
import { attachmentStiffnesses } from '../attachmentStiffnesses.ts';
import { attachmentFloor } from './attachmentFloor.ts';
import { volumeModel } from './volumeModel.ts';
import type { VolumeState } from './volumeState.ts';

/**
 * A new material for the next frames, the state carried over (MeshSimulation.setMaterial): the VBD model and its stepper
 * made again (cheap), the embedding and the fitter's factorization kept. κ (the body's compliance, K u = M a): kept when
 * the mesh sets its own; at an unchanged ν scaled by (E'/E)(ρ/ρ') (K ∝ E and M ∝ ρ: δ = K⁻¹M·a scales by (ρ'/ρ)(E/E'),
 * κ = 1/δ and its floor by the inverse; exact); else solved again (attachmentStiffnesses: one factorization).
 *
 * @param state  the simulation; material, model, stepper and attachment replaced
 * @param next   the new material
 * @returns whether κ had to be solved again
 */
export function setVolumeMaterial(state: VolumeState, next: Material): boolean {
  const previous = state.material;
  state.model = volumeModel(state.embedding, next);
  state.material = next;
  state.stepper.destroy();
  state.stepper = state.backend.createStepper(state.model, { contact: state.stepperContact });
  state.stepper.setState(state.state);
  if (state.controls.attachmentStiffness !== undefined) return false;
  const attachment = state.attachment;
  if (next.poissonRatio === previous.poissonRatio && typeof attachment !== 'number') {
    const scale = (next.youngsModulus / previous.youngsModulus) * (previous.density / next.density);
    for (let v = 0; v < attachment.length; v++) attachment[v] *= scale;
    return false;
  }
  state.attachment = attachmentStiffnesses(state.model, state.fixed, attachmentFloor(next, state.thickness));
  return true;
}
