/**
 * The node hierarchy of one glTF scene, flattened parents-before-children (glTF 2.0 §3.5.2 "Nodes
 * and Hierarchy") so world matrices are one forward pass. Joints of the scene's skins that lie
 * outside the scene (invalid, but exported by some tools) are appended with their ancestors.
 */
import type { Node as GltfNode } from '@gltf-transform/core';
import type { ImportedHierarchy } from './importedScene.ts';

/**
 * The scene's node hierarchy flattened parents-before-children (glTF 2.0 §3.5.2), out-of-scene joints appended.
 *
 * @param roots  the scene's root nodes (or every parentless node when the file has no scene)
 * @returns nodes, parent indices and rest TRS of every reachable node
 */
export function importedHierarchy(roots: GltfNode[]): ImportedHierarchy {
  const nodes: GltfNode[] = [];
  const indexOf = new Map<GltfNode, number>();
  const visit = (node: GltfNode): void => {
    // Iterative depth-first walk: deep joint chains must not overflow the stack.
    const stack = [node];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (indexOf.has(current)) continue;
      indexOf.set(current, nodes.length);
      nodes.push(current);
      const children = current.listChildren();
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  };
  for (const root of roots) visit(root);
  for (let i = 0; i < nodes.length; i++) {
    for (const joint of nodes[i].getSkin()?.listJoints() ?? []) {
      if (indexOf.has(joint)) continue;
      let top = joint;
      while (top.getParentNode() && !indexOf.has(top.getParentNode()!)) top = top.getParentNode()!;
      visit(top);
    }
  }

  const count = nodes.length;
  const parentIndices = new Int32Array(count);
  const translations = new Float64Array(3 * count);
  const rotations = new Float64Array(4 * count);
  const scales = new Float64Array(3 * count);
  for (let i = 0; i < count; i++) {
    const parent = nodes[i].getParentNode();
    parentIndices[i] = parent && indexOf.has(parent) ? indexOf.get(parent)! : -1;
    translations.set(nodes[i].getTranslation(), 3 * i);
    rotations.set(nodes[i].getRotation(), 4 * i);
    scales.set(nodes[i].getScale(), 3 * i);
  }
  return { nodes, parentIndices, translations, rotations, scales };
}
