import type { ImportedMesh, ImportedScene } from '../io/index.ts';

/**
 * The node that carries a mesh as a rigid part of a rig, or −1 when the mesh is not one. An unskinned mesh is driven
 * by the nearest node on its path to the root that is a joint of a skin in the scene or is moved by a transform
 * channel of any clip; it is a rigid part when that driver is a joint (a sword parented to a hand, RobotExpressive's
 * 15 rigid meshes under the bones its hands are skinned to), or when the scene's unskinned meshes hang from at least
 * two different animated nodes (an articulated assembly of rigid pieces without a skin). Such a mesh cannot deform
 * in the input; it moves as its node does, as a skinned part bound to one rigid bone, and its default weights are 0
 * (meshBlendWeights). Before this rule the default read each such mesh as a free-standing soft body, soft away from
 * its pivot, and the robot's rigid feet swung up to 0.64 m from the animation on a walk (58% of their size, issue 37).
 *
 * Not rigid parts: an unskinned mesh on a static node (a morph-animated face or blob, MorphStressTest: its deformation
 * is the animation), or the one animated node's meshes when a single node moves them all (a jelly carried by a null:
 * that mesh is the whole character, and the default treats it as a soft body).
 *
 * @param mesh   the imported mesh
 * @param scene  the scene (hierarchy, the other meshes' skins, clips)
 * @returns the index in scene.hierarchy.nodes of the mesh's driver when it is a rigid part, else −1
 */
export function rigidPartDriver(mesh: ImportedMesh, scene: ImportedScene): number {
  if (mesh.skin) return -1;
  const joints = new Set<number>();
  for (const other of scene.meshes) for (const joint of other.skin?.jointNodeIndices ?? []) joints.add(joint);
  const animated = new Set<number>();
  for (const clip of scene.clips) for (const channel of clip.channels) if (channel.path !== 'weights') animated.add(channel.nodeIndex);
  const driverOf = (node: number): number => {
    for (; node >= 0; node = scene.hierarchy.parentIndices[node]) if (joints.has(node) || animated.has(node)) return node;
    return -1;
  };
  const driver = driverOf(mesh.nodeIndex);
  if (driver < 0) return -1;
  if (joints.has(driver)) return driver;
  const animatedDrivers = new Set(
    scene.meshes
      .filter((other) => !other.skin)
      .map((other) => driverOf(other.nodeIndex))
      .filter((d) => d >= 0),
  );
  return animatedDrivers.size >= 2 ? driver : -1;
}
