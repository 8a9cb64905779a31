import type { Mesh, Node } from '@gltf-transform/core';

/**
 * The node's mesh, copied (with its primitives) when other nodes also use it, so an export can change it (add
 * morph targets, rewrite skin weights) without changing them.
 *
 * @param node   a mesh node
 * @param baked  every node the export changes
 * @param name   the calling transform's name, for the message
 * @returns the mesh the node now owns
 * @throws Error when another node the export changes shares the mesh (bake one instance)
 */
export function ownMesh(node: Node, baked: ReadonlySet<Node>, name: string): Mesh {
  const mesh = node.getMesh()!;
  const users = mesh.listParents().filter((p): p is Node => p.propertyType === 'Node');
  if (users.every((user) => user === node)) return mesh;
  if (users.some((user) => user !== node && baked.has(user))) {
    throw new Error(`${name}: mesh "${mesh.getName()}" is instanced by several baked nodes; bake one instance`);
  }
  const copy = mesh.clone();
  for (const primitive of copy.listPrimitives()) copy.swap(primitive, primitive.clone());
  node.setMesh(copy);
  return copy;
}
