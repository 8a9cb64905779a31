// Closed test surfaces for sceneShells' steps: boxes and tori as primitives of one glTF mesh, read back as a scene.
import { Document, NodeIO } from '@gltf-transform/core';
import { readGltf, type ImportedScene } from '../../../app/io/index.ts';
import type { ShellPiece } from '../../../app/weights/shellScene.ts';
import { boxSurface } from '../../helpers/boxSurface.ts';

/** An indexed triangle surface: #V×3 positions and #T×3 indices, row-major. */
export interface Surface {
  positions: number[];
  indices: number[];
}

/** A closed axis-aligned cube of half-width `half` centred at `center`, outward-wound (8 vertices, 12 triangles). */
export function cube(center: [number, number, number], half: number): Surface {
  const { positions, triangles } = boxSurface([center[0] - half, center[1] - half, center[2] - half], [center[0] + half, center[1] + half, center[2] + half]);
  return { positions, indices: triangles };
}

/** A closed torus round the y axis (major radius R, minor radius r, n × m quads): a ring, genus 1. */
export function torus(center: [number, number, number], R: number, r: number, n = 24, m = 12): Surface {
  const positions: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i < n; i++) {
    const u = (2 * Math.PI * i) / n;
    for (let j = 0; j < m; j++) {
      const v = (2 * Math.PI * j) / m;
      positions.push(center[0] + (R + r * Math.cos(v)) * Math.cos(u), center[1] + r * Math.sin(v), center[2] + (R + r * Math.cos(v)) * Math.sin(u));
    }
  }
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      const a = i * m + j,
        b = ((i + 1) % n) * m + j,
        c = ((i + 1) % n) * m + ((j + 1) % m),
        d = i * m + ((j + 1) % m);
      indices.push(a, b, c, a, c, d);
    }
  }
  return { positions, indices };
}

/** A scene of one unskinned mesh whose primitives are the given surfaces (each its own connected piece). */
export async function surfacesScene(surfaces: readonly Surface[]): Promise<ImportedScene> {
  const document = new Document();
  const buffer = document.createBuffer();
  const mesh = document.createMesh('Pieces');
  for (const surface of surfaces) {
    const position = document.createAccessor().setType('VEC3').setArray(new Float32Array(surface.positions)).setBuffer(buffer);
    const indices = document.createAccessor().setType('SCALAR').setArray(new Uint32Array(surface.indices)).setBuffer(buffer);
    mesh.addPrimitive(document.createPrimitive().setAttribute('POSITION', position).setIndices(indices));
  }
  document.createScene().addChild(document.createNode('Pieces').setMesh(mesh));
  return readGltf(await new NodeIO().writeBinary(document), { fileName: 'surfaces.glb' });
}

/** The piece of `pieces` that holds the first vertex of primitive `primitive` of mesh 0. */
export function pieceOfPrimitive(scene: ImportedScene, pieces: readonly ShellPiece[], primitive: number): ShellPiece {
  const mesh = scene.meshes[0];
  const v = mesh.topology.renderToSimulation[mesh.primitives[primitive].firstVertex];
  return pieces.find((piece) => piece.vertices.includes(v))!;
}
