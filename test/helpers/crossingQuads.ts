/**
 * crossing-quads.glb: two unit-size quads that cut through each other at the start of their clip and are apart at
 * its end, with intersections worked out by hand, for the intersection overlay's tests. Written with glTF-Transform.
 *
 * "Wall": the quad x, y ∈ [-1, 1] in the plane z = 0, triangles (-1,-1)(1,-1)(1,1) and (-1,-1)(1,1)(-1,1).
 * "Blade": the quad y ∈ [-0.5, 0.5], z ∈ [-1, 1] in the plane x = 0.2 (off the wall's diagonal, so no contact is on
 * a shared edge), triangles (-.5,-1)(.5,-1)(.5,1) and (-.5,-1)(.5,1)(-.5,1) in (y, z).
 * Clip "Slide" (LINEAR, 1 s) moves Blade's node from x + 0 to x + 3: at t = 0 the quads cross, from t ≈ 0.27 on
 * (x > 1) they are apart.
 *
 * At t = 0, edge–triangle pairs (BLADE_CROSSINGS): Blade's edges at y = ±0.5 pierce the wall at (0.2, ±0.5, 0), in
 * its upper-left and lower-right triangle; Blade's diagonal pierces it at (0.2, 0, 0), lower-right; the wall's
 * diagonal pierces Blade at (0.2, 0.2, 0): 4 pairs, and every triangle of both quads takes part (each quad's
 * diagonal belongs to both of its triangles).
 */
import { Document, NodeIO } from '@gltf-transform/core';

/** Edge–triangle pairs of the two quads at t = 0 (see the header). */
export const CROSSING_PAIRS = 4;

/** Blade's node translation along x at the end of the clip [m]. */
export const SLIDE_DISTANCE = 3;

/** The GLB's bytes. */
export async function crossingQuadsGlb(): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer('quads');
  const scene = document.createScene('Scene');
  const quad = (name: string, corners: number[]): ReturnType<Document['createNode']> => {
    const positions = document.createAccessor().setType('VEC3').setArray(new Float32Array(corners)).setBuffer(buffer);
    const indices = document
      .createAccessor()
      .setType('SCALAR')
      .setArray(new Uint16Array([0, 1, 2, 0, 2, 3]))
      .setBuffer(buffer);
    const mesh = document.createMesh(name).addPrimitive(document.createPrimitive().setAttribute('POSITION', positions).setIndices(indices));
    const node = document.createNode(name).setMesh(mesh);
    scene.addChild(node);
    return node;
  };
  quad('Wall', [-1, -1, 0, 1, -1, 0, 1, 1, 0, -1, 1, 0]);
  const blade = quad('Blade', [0.2, -0.5, -1, 0.2, 0.5, -1, 0.2, 0.5, 1, 0.2, -0.5, 1]);
  const times = document
    .createAccessor()
    .setType('SCALAR')
    .setArray(new Float32Array([0, 1]))
    .setBuffer(buffer);
  const values = document
    .createAccessor()
    .setType('VEC3')
    .setArray(new Float32Array([0, 0, 0, SLIDE_DISTANCE, 0, 0]))
    .setBuffer(buffer);
  const sampler = document.createAnimationSampler().setInput(times).setOutput(values).setInterpolation('LINEAR');
  document
    .createAnimation('Slide')
    .addSampler(sampler)
    .addChannel(document.createAnimationChannel().setTargetNode(blade).setTargetPath('translation').setSampler(sampler));
  return new NodeIO().writeBinary(document);
}
