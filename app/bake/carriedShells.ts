import type { SceneShell } from '../weights/index.ts';
import { carriedSetup } from './carried/carriedSetup.ts';
import { carriedSnapshot } from './carried/carriedSnapshot.ts';
import type { CarrierStart } from './carried/carriedState.ts';
import { moveGear } from './carried/moveGear.ts';
import { moveGlued } from './carried/moveGlued.ts';
import { restoreCarried } from './carried/restoreCarried.ts';
import type { GearSwingModel } from './gearSwingModel.ts';

export { GEAR_DAMPING_RATIO, GEAR_MAX_ANGLE, type CarrierMesh, type CarrierStart } from './carried/carriedState.ts';

/** What every carried shell of a session does, frame by frame (createCarriedShells). */
export interface CarriedShells {
  /** per simulated mesh, #V 1 on the vertices a shell carries (the lattice pins them: their motion is set here) */
  readonly carried: Uint8Array[];
  /** per simulated mesh, its gear: the shell, its mean swing's ω at weight 1 [rad/s] and its swing model */
  readonly gear: ReadonlyArray<ReadonlyArray<{ shell: SceneShell; naturalOmega: number; model: GearSwingModel }>>;
  /**
   * Moves the carried shells of every mesh for a frame: `outputs[m]` holds mesh m's output (its lattice's surface after
   * the surface guard) and is written in place on the carried vertices; `inputs[m]` its input. The first call starts
   * the swings (settled into the lag of the input's motion when `start` is given, else at rest with the animation).
   *
   * @param inputs     per simulated mesh, #V×3 welded input of the frame
   * @param outputs    per simulated mesh, #V×3 welded output (in place)
   * @param weights    per simulated mesh, #V weights of the frame (a gear's weight is its vertices' mean)
   * @param dt         the frame's length [s]
   * @param previous   per simulated mesh, the input one frame before (the first call only; a loop's start)
   * @param start      per simulated mesh, the input around the first frame (the first call of a start in motion)
   */
  apply(
    inputs: readonly Float32Array[],
    outputs: Float32Array[],
    weights: readonly ArrayLike<number>[],
    dt: number,
    previous?: readonly Float32Array[],
    start?: readonly (CarrierStart | null)[],
  ): void;
  /** Back to before the first frame. */
  restart(): void;
  /** The state of simulated mesh m's gear (a session snapshot holds it with the mesh's simulation). */
  snapshot(mesh: number): Float64Array;
  /** Continues from snapshot(mesh) of a session built the same way. */
  restore(mesh: number, state: Float64Array): void;
}

/**
 * Builds the motion of the separate shells that ride on a host (sceneShells' `glued` and `gear`), for a session's
 * simulated meshes. Glued shells move with their host's simulated surface: each vertex takes the displacement (output −
 * input) of its nearest host vertices, so a belt stays on a belly that jiggles, and a visor on a head (whose displacement
 * is 0) is exact. Gear is a rigid piece hinged where it meets its host (the uppermost of its vertices within a quarter
 * of its size of the host's nearest vertex beyond the closest one's distance: gear hangs from its straps), carried by
 * the host's displacement at the hinge and moving on a compliant, damped connection there (gearSwingModel,
 * stepGearSwing): 6 degrees of freedom, the hinge's shift and the rotation about it, driven by the pivot's and the
 * animation's accelerations (impulses at the frames). The connection holds the piece as gravity holds a hanging one,
 * K_r = g|c|(1 − ĉĉᵀ) per unit mass (it tilts by a/g under a horizontal acceleration a, and swings at the compound
 * pendulum's √(g|c|/ĩ)), stiffer as it lies along its host (LYING_STIFFENING), its mean swing kept within [0.5, 8] Hz,
 * and about the lever as stiffly; the hinge's shift
 * BOUNCE_RATIO² times stiffer (it bounces at twice the swing's frequency). The weight divides the stiffness (the weight is
 * how much of the lag shows, as for the body: docs/bake.md); every mode is damped at GEAR_DAMPING_RATIO. It is
 * one-sided where the input rests the piece on the surface under it (it swings out and falls back, never into the
 * body) and stops at GEAR_MAX_ANGLE and a shift of GEAR_MAX_SHIFT of its size (the constants and the model: carriedGear).
 *
 * DESIGN NOTES
 * - Why not the lattice: at the default resolution (12 cells along a 1.6 m character: 13 cm cells) a 10 cm pouch is one
 *   or two cells of its own lattice piece (cellPieces duplicates the cells per piece, so it shares no vertex with its
 *   host). Pinned at a hinge (weight 0) it can only shear that cell; held by springs alone it is a soft blob held at its
 *   core (the old `no-driver` case: the jelly preset moved a visor 30% of its size off the head, issue 37); gluing its
 *   cells to the host's (joinOverlappingParts) makes it flesh. A rigid body with an explicit hinge is what a strapped
 *   piece is, costs nothing next to the lattice, cannot flip a triangle, and its frequencies and settle time are those
 *   of its modes (test/app/bake/carriedShells.test.ts measures both, and the tilt a/g, against the model).
 * - A pendulum alone (rotation about a fixed hinge) does not move under the vertical bob of a walk: a pouch hanging
 *   from a belt on the generated character's walk moved 2 mm. The hinge's shift lets it bounce (7 mm), as a strap does.
 * - The flesh preset's damping (ζ = α/(2ω) + βω/2) is 0.54 at 1.5 Hz, a swing that barely rings; gear has its own,
 *   GEAR_DAMPING_RATIO (a strap is not flesh).
 * - The host's motion reaches the gear as the impulses of a pivot path linear between frames (exact for it): the state
 *   at frame k needs the pivot at frames k−1 and k only (the host's output of frame k included), no look-ahead.
 *
 * The driver over CarriedState (app/bake/carried/carriedState.ts), one step per file of app/bake/carried:
 * carriedSetup (nearestHostVertices for glued shells, carriedGear for gear), then per frame moveGear (startGear at the
 * first) and moveGlued in host order; carriedSnapshot and restoreCarried per mesh.
 *
 * @param setup  carriedSetup's parameters, passed on as they are (documented there): per simulated mesh its glued and
 *               gear shells (sceneShells; parts are left out), the simulated meshes, per scene mesh its world rest
 *               positions (hosts may be any mesh), scene mesh → simulated mesh or −1, metersPerUnit, maxStep [s]
 * @returns the carried shells
 */
export function createCarriedShells(...setup: Parameters<typeof carriedSetup>): CarriedShells {
  const state = carriedSetup(...setup);
  return {
    carried: state.carried,
    gear: state.gearOfMesh,
    apply(inputs, outputs, weights, dt, previous, start) {
      const first = !state.started;
      state.started = true;
      // In host order over both kinds (a belt carries pouches).
      for (const item of state.items) {
        if (item.kind === 'gear') {
          const gear = state.gears[item.index];
          moveGear(state, gear, first, inputs, outputs, weights[gear.mesh], dt, previous?.[gear.mesh], start?.[gear.mesh]);
          continue;
        }
        moveGlued(state, state.glued[item.index], inputs, outputs);
      }
    },
    restart() {
      state.started = false;
      state.gearStates.fill(0);
    },
    snapshot(mesh) {
      return carriedSnapshot(state, mesh);
    },
    restore(mesh, saved) {
      restoreCarried(state, mesh, saved);
    },
  };
}
