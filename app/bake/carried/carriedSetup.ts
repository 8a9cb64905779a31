import type { SceneShell } from '../../weights/index.ts';
import type { GearSwingModel } from '../gearSwingModel.ts';
import { carriedGear } from './carriedGear.ts';
import { GEAR_STATE, HOST_SAMPLES, type CarriedState, type CarrierMesh, type Gear, type Glued } from './carriedState.ts';
import { nearestHostVertices } from './nearestHostVertices.ts';

/**
 * The carried shells of a session before its first frame: in host order (largest first: a host is always larger than
 * its guest, so a belt moves before the pouches it carries), every glued shell with its vertices' nearest host
 * vertices (nearestHostVertices) and every gear with its rigid model (carriedGear); the vertices they carry marked, the
 * swings' state at zero, the per-frame scratch.
 *
 * @param shells         per simulated mesh, its shells (sceneShells; parts and shells without a host are left out)
 * @param meshes         the session's simulated meshes (world rest positions)
 * @param hostRest       per scene mesh, its world rest positions (hosts may be any mesh)
 * @param simulatedOf    scene mesh index → simulated mesh index, or −1
 * @param metersPerUnit  the scene's scale (the swing's frequency is physical)
 * @param maxStep        the longest interval between two applications of the swing's limits [s]
 * @returns the state
 */
export function carriedSetup(
  shells: readonly (readonly SceneShell[])[],
  meshes: readonly CarrierMesh[],
  hostRest: readonly Float32Array[],
  simulatedOf: (meshIndex: number) => number,
  metersPerUnit: number,
  maxStep: number,
): CarriedState {
  const carried = meshes.map((mesh) => new Uint8Array(mesh.rest.length / 3));
  const gears: Gear[] = [];
  const glued: Glued[] = [];
  const gearOfMesh: Array<Array<{ shell: SceneShell; naturalOmega: number; model: GearSwingModel }>> = meshes.map(() => []);
  // Hosts before the pieces they carry: a host is always larger than its guest.
  const order = shells
    .flatMap((list, m) => list.filter((shell) => shell.role !== 'part' && shell.host).map((shell) => ({ shell, m })))
    .sort((a, b) => b.shell.size - a.shell.size);
  const items: Array<{ kind: 'glued' | 'gear'; index: number }> = [];
  for (const { shell, m } of order) {
    for (const v of shell.vertices) carried[m][v] = 1;
    const host = shell.host!;
    const hostPositions = hostRest[host.meshIndex];
    const hostMesh = simulatedOf(host.meshIndex);
    const rest = meshes[m].rest;
    if (shell.role === 'glued') {
      const hostVertices = new Uint32Array(HOST_SAMPLES * shell.vertices.length);
      const hostWeights = new Float64Array(HOST_SAMPLES * shell.vertices.length);
      shell.vertices.forEach((v, i) =>
        nearestHostVertices(
          rest[3 * v],
          rest[3 * v + 1],
          rest[3 * v + 2],
          hostPositions,
          host.vertices,
          HOST_SAMPLES,
          hostVertices,
          hostWeights,
          HOST_SAMPLES * i,
        ),
      );
      items.push({ kind: 'glued', index: glued.length });
      glued.push({ mesh: m, vertices: shell.vertices, host: hostMesh, hostVertices, hostWeights });
      continue;
    }
    const gear = carriedGear(shell, m, rest, hostPositions, host.vertices, hostMesh, metersPerUnit, gears.length);
    items.push({ kind: 'gear', index: gears.length });
    gears.push(gear);
    gearOfMesh[m].push({ shell, naturalOmega: gear.naturalOmega, model: gear.model });
  }
  return {
    carried,
    gears,
    glued,
    gearOfMesh,
    items,
    gearStates: new Float64Array(gears.length * GEAR_STATE),
    started: false,
    maxStep,
    scratch: {
      alignment: { rotation: new Float64Array(9), quaternion: new Float64Array(4), sourceCentroid: new Float64Array(3), targetCentroid: new Float64Array(3) },
      points: new Float64Array(3 * Math.max(1, ...gears.map((g) => g.vertices.length))),
      rotation: new Float64Array(9),
      turn: new Float64Array(9),
      swing: { displacement: new Float64Array(6), rate: new Float64Array(6) },
      pivot: new Float64Array(3),
      displacement: new Float64Array(3),
      hinge: new Float64Array(3),
      spin: new Float64Array(3),
      pivotVelocity: new Float64Array(3),
      qNow: new Float64Array(4),
      qRelative: new Float64Array(4),
      impulse: new Float64Array(6),
      shift: new Float64Array(3),
      angle: new Float64Array(3),
      normal: new Float64Array(3),
    },
  };
}
