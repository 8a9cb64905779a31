import { type Document, type Mesh, type Node, type Primitive } from '@gltf-transform/core';
import { isTrianglePrimitive } from './appendMorphTargets.ts';
import { primitiveTriangles } from './primitiveTriangles.ts';

/** One part of a split mesh: its node, its mesh, and where its primitives' vertices lie among the original's. */
export interface MeshChunkNode {
  node: Node;
  mesh: Mesh;
  /** per primitive of the part's mesh: the first render vertex and the count, in the original mesh's render-vertex order */
  ranges: Array<{ firstVertex: number; vertexCount: number }>;
}

/**
 * Splits triangles off a mesh node into new mesh nodes, one per part: each part's mesh has, for every triangle
 * primitive of the original that holds some of its triangles, a copy of that primitive sharing its vertex
 * attributes, material and morph targets (no vertex data is copied) with TRIANGLES indices of the part's
 * triangles; the new node sits beside the original (same parent or scene, same transform, same skin). The
 * original primitives keep the remaining triangles; one left without any is removed, and a node left without
 * primitives loses its mesh (disposed) and skin (the node stays in the hierarchy). Each part can then carry its own morph
 * targets, so no primitive needs more than the engines' cap (shapeChunks).
 *
 * @param document  the document
 * @param node      the mesh node to split (its mesh must not be shared with other nodes)
 * @param parts     per part, #C indices into the mesh's concatenated triangle list (primitiveTriangles order)
 * @returns the new nodes, in the order of parts
 * @throws Error when a triangle index is out of range
 */
export function meshChunkNodes(document: Document, node: Node, parts: readonly Uint32Array[]): MeshChunkNode[] {
  const mesh = node.getMesh()!;
  const buffer = document.getRoot().listBuffers()[0] ?? document.createBuffer();
  const primitives = mesh.listPrimitives().filter(isTrianglePrimitive);
  const local = primitives.map(primitiveTriangles);
  const firstTriangle: number[] = [];
  const firstVertex: number[] = [];
  let triangleCount = 0;
  let vertexCount = 0;
  primitives.forEach((primitive, p) => {
    firstTriangle.push(triangleCount);
    firstVertex.push(vertexCount);
    triangleCount += local[p].length / 3;
    vertexCount += primitive.getAttribute('POSITION')?.getCount() ?? 0;
  });
  const primitiveOf = (t: number) => {
    let p = primitives.length - 1;
    while (p > 0 && firstTriangle[p] > t) p--;
    return p;
  };
  const taken = new Uint8Array(triangleCount);
  const result = parts.map((part, c): MeshChunkNode => {
    const byPrimitive = new Map<number, number[]>();
    for (const t of part) {
      if (t >= triangleCount) throw new Error(`meshChunkNodes: triangle ${t} is out of range (the mesh has ${triangleCount})`);
      taken[t] = 1;
      const p = primitiveOf(t);
      let list = byPrimitive.get(p);
      if (!list) byPrimitive.set(p, (list = []));
      list.push(t - firstTriangle[p]);
    }
    const partMesh = document
      .createMesh(`${mesh.getName()} part ${c}`)
      .setWeights(mesh.getWeights())
      .setExtras({ ...(mesh.getExtras() as Record<string, unknown>) });
    const ranges: MeshChunkNode['ranges'] = [];
    [...byPrimitive.keys()]
      .sort((a, b) => a - b)
      .forEach((p) => {
        const copy = primitives[p].clone();
        copy.setMode(4).setIndices(indexAccessor(document, buffer, local[p], byPrimitive.get(p)!, primitives[p]));
        partMesh.addPrimitive(copy);
        ranges.push({ firstVertex: firstVertex[p], vertexCount: primitives[p].getAttribute('POSITION')?.getCount() ?? 0 });
      });
    const partNode = document
      .createNode(`${node.getName()} part ${c}`)
      .setMesh(partMesh)
      .setSkin(node.getSkin())
      .setTranslation(node.getTranslation())
      .setRotation(node.getRotation())
      .setScale(node.getScale())
      .setExtras({ ...(node.getExtras() as Record<string, unknown>) });
    const parent = node.getParentNode();
    if (parent) parent.addChild(partNode);
    else for (const scene of document.getRoot().listScenes()) if (scene.listChildren().includes(node)) scene.addChild(partNode);
    return { node: partNode, mesh: partMesh, ranges };
  });
  // The original keeps what no part took.
  primitives.forEach((primitive, p) => {
    const remaining: number[] = [];
    for (let t = 0; t < local[p].length / 3; t++) if (!taken[firstTriangle[p] + t]) remaining.push(t);
    if (remaining.length === local[p].length / 3) return;
    if (remaining.length === 0) {
      mesh.removePrimitive(primitive);
      if (primitive.listParents().every((parent) => parent.propertyType === 'Root')) primitive.dispose();
      return;
    }
    primitive.setMode(4).setIndices(indexAccessor(document, buffer, local[p], remaining, primitive));
  });
  if (mesh.listPrimitives().length === 0) {
    node.setMesh(null).setSkin(null);
    if (!mesh.listParents().some((parent) => parent.propertyType === 'Node')) mesh.dispose();
  }
  return result;
}

/** A TRIANGLES index accessor of the listed triangles of a primitive (unsigned short when the vertices fit). */
function indexAccessor(
  document: Document,
  buffer: ReturnType<Document['createBuffer']>,
  local: Uint32Array,
  triangles: readonly number[],
  primitive: Primitive,
) {
  const count = primitive.getAttribute('POSITION')?.getCount() ?? 0;
  // 65535 is the primitive restart value (glTF 2.0 §3.7.2.1), so unsigned shorts hold at most 65535 vertices.
  const indices = count <= 0xffff ? new Uint16Array(3 * triangles.length) : new Uint32Array(3 * triangles.length);
  triangles.forEach((t, i) => indices.set(local.subarray(3 * t, 3 * t + 3), 3 * i));
  return document.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer);
}
