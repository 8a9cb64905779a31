import type { ImportedScene } from '../io/index.ts';

/**
 * The characters of a scene (sceneShells): skinned meshes that share a joint node are one character (union–find over
 * the meshes' skins' joint nodes), so a visor mesh skinned to the body's head joint is a piece of the body's character.
 *
 * @param scene  the imported scene
 * @returns per character, its skinned mesh indices ascending; characters in the order of their representatives' first
 *   appearance (unskinned meshes belong to none)
 */
export function skinnedCharacters(scene: ImportedScene): number[][] {
  const skinned = scene.meshes.map((mesh, m) => (mesh.skin ? m : -1)).filter((m) => m >= 0);
  const group = new Map<number, number>();
  for (const m of skinned) group.set(m, m);
  const find = (m: number): number => (group.get(m) === m ? m : find(group.get(m)!));
  const ownerOfJoint = new Map<number, number>();
  for (const m of skinned) {
    for (const node of scene.meshes[m].skin!.jointNodeIndices) {
      const other = ownerOfJoint.get(node);
      if (other === undefined) ownerOfJoint.set(node, m);
      else group.set(find(m), find(other));
    }
  }
  const characters = new Map<number, number[]>();
  for (const m of skinned) characters.set(find(m), [...(characters.get(find(m)) ?? []), m]);
  return [...characters.values()];
}
