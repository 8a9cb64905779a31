/**
 * The loaded document in the viewport: its scene, the animation mixer driven by the store's
 * playhead, camera framing (on load, and on F: the selection or everything), the grid sized to the model, and the
 * selection box of the outliner's selected mesh. Click a mesh to select it.
 *
 * After a bake the viewport shows the input, the output (the baked GLB, playing its baked clip at
 * the same clip time), or both with the input as a translucent ghost. The output is shown only while
 * the timeline's clip is the baked clip; on any other clip the input plays alone.
 */
import { Grid } from '@react-three/drei';
import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo, useRef, type ReactElement } from 'react';
import {
  AnimationMixer,
  Box3,
  Box3Helper,
  Color,
  LoopOnce,
  Vector3,
  type AnimationClip,
  type BufferGeometry,
  type Mesh,
  type Object3D,
  type PerspectiveCamera,
  type SkinnedMesh,
} from 'three';
import { registeredBake, registeredDocument, type RegisteredBake, type RegisteredDocument } from '../document/sceneRegistry.ts';
import { effectiveViewMode, overlapStore, useOverlap, type ViewMode } from '../store/index.ts';
import { setGhost } from './ghostMaterial.ts';
import { framedView, type ClearRegion } from './framedView.ts';
import { gridSpacing, sceneBounds } from './sceneBounds.ts';

/** What framing needs of drei's OrbitControls (registered with makeDefault). */
interface OrbitTarget {
  target: Vector3;
  minDistance: number;
  maxDistance: number;
  update(): void;
}

export function SceneContent(): ReactElement | null {
  const documentId = useOverlap((state) => state.documentId);
  const bakeId = useOverlap((state) => state.baked?.bakeId ?? null);
  const entry = registeredDocument(documentId);
  if (!entry) return null;
  return <LoadedScene key={documentId} entry={entry} bake={registeredBake(documentId, bakeId)} />;
}

/** Selects the outliner mesh that owns the clicked object. */
function selectOnClick(meshObjects: Map<string, Object3D>) {
  return (event: ThreeEvent<MouseEvent>): void => {
    if (event.delta > 4) return; // the end of an orbit drag, not a click
    event.stopPropagation();
    for (let object: Object3D | null = event.object; object; object = object.parent) {
      for (const [name, meshObject] of meshObjects) {
        if (meshObject === object) {
          overlapStore.getState().selectMesh(name);
          return;
        }
      }
    }
  };
}

function LoadedScene({ entry, bake }: { entry: RegisteredDocument; bake: RegisteredBake | null }): ReactElement {
  const scene = entry.gltf.scene;
  const bounds = useMemo(() => sceneBounds(scene), [scene]);
  const spacing = gridSpacing(bounds.radius);
  const view = useOverlap(effectiveViewMode);
  const showLattice = useOverlap((state) => state.showLattice);
  const shownView: ViewMode = bake ? view : 'input';
  usePlayback(scene, entry.clips);
  usePlayback(bake?.gltf.scene ?? null, bake?.clip ? [bake.clip] : [], true);
  // After the playback hooks: framing runs in the frame loop after they have posed the scene, so what is framed is the
  // pose on screen (on load, the clip's first frame, not the file's rest pose).
  useFraming(scene, shownView === 'output' && bake ? bake.meshObjects : entry.meshObjects);

  // Ghost the input when comparing (Both), and whatever is shown while the lattice overlay is on.
  const ghostInput = shownView === 'both' || showLattice;
  const ghostOutput = showLattice;
  useEffect(() => {
    setGhost(scene, ghostInput);
  }, [scene, ghostInput]);
  useEffect(() => {
    if (bake) setGhost(bake.gltf.scene, ghostOutput);
  }, [bake, ghostOutput]);
  useEffect(() => () => setGhost(scene, false), [scene]);
  useEffect(() => (bake ? () => setGhost(bake.gltf.scene, false) : undefined), [bake]);

  return (
    <>
      <primitive object={scene} onClick={selectOnClick(entry.meshObjects)} visible={shownView !== 'output'} />
      {bake ? <primitive object={bake.gltf.scene} onClick={selectOnClick(bake.meshObjects)} visible={shownView !== 'input'} /> : null}
      <Grid
        infiniteGrid
        cellSize={spacing.cellSize}
        sectionSize={spacing.sectionSize}
        cellThickness={0.8}
        sectionThickness={1.1}
        cellColor="#30343c"
        sectionColor="#495160"
        fadeDistance={bounds.radius * 14}
        fadeStrength={1.4}
        followCamera={false}
      />
      <SelectionBox meshObjects={shownView === 'output' && bake ? bake.meshObjects : entry.meshObjects} />
    </>
  );
}

/**
 * Frames the camera on load and on F (Frame): the selected mesh if there is one (as shown, in its current pose), else
 * the whole scene. On load the view is a three-quarter one from the front, slightly above (how character artists look
 * at a model); on F the direction the user looks from is kept, as in Blender and Maya. What is seen is centred:
 * framedView centres the projected vertices (not a bounding sphere or box, which sit off-centre in perspective), and
 * any orbit, pan or zoom still easing out (damping) is stopped first so it cannot carry the view off again.
 */
function useFraming(scene: Object3D, meshObjects: Map<string, Object3D>): void {
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const controls = useThree((state) => state.controls) as unknown as OrbitTarget | null;
  const invalidate = useThree((state) => state.invalidate);
  const canvas = useThree((state) => state.gl.domElement);
  const frameRequest = useOverlap((state) => state.frameRequest);
  const framedOnce = useRef(false);
  // The meshes shown (input or output) are read when F is pressed; switching what is shown does not reframe.
  const shown = useRef(meshObjects);
  shown.current = meshObjects;
  const pending = useRef(true);
  useEffect(() => {
    pending.current = true;
    invalidate();
  }, [scene, frameRequest, invalidate]);
  useFrame(() => {
    // The orbit controls are made on the first render: without them the framing would be undone by their own target.
    if (!pending.current || !controls) return;
    pending.current = false;
    const selected = overlapStore.getState().selectedMesh;
    const object = (selected ? shown.current.get(selected) : undefined) ?? scene;
    const points = worldPoints(object);
    const direction = new Vector3(0.55, 0.35, 1);
    if (framedOnce.current && controls) direction.copy(camera.position).sub(controls.target);
    if (direction.lengthSq() === 0) direction.set(0.55, 0.35, 1);
    direction.normalize();
    framedOnce.current = true;
    stopEasing(controls);
    const { target } = framedView(points, camera, direction, FRAMED_SHARE, clearRegion(canvas));
    const { radius } = sceneBounds(object);
    const distance = camera.position.distanceTo(target);
    camera.near = Math.max(Math.min(distance / 1000, radius / 100), 1e-5);
    camera.far = Math.max(distance * 100, radius * 100);
    camera.updateProjectionMatrix();
    if (controls) {
      controls.target.copy(target);
      controls.minDistance = radius * 0.02;
      controls.maxDistance = Math.max(radius * 50, distance * 2);
      controls.update();
    }
  });
}

/** Share of the clear region the framed silhouette fills: a margin so the paint tools, when they open, cover little of it. */
const FRAMED_SHARE = 0.7;

/**
 * The part of the canvas no toolbar covers, in NDC: the view toolbar and, in paint mode, the tool header lie over the
 * viewport's top, so a character framed on the whole canvas would have its head under them.
 */
function clearRegion(canvas: HTMLCanvasElement): ClearRegion {
  const box = canvas.getBoundingClientRect();
  let covered = 0;
  for (const toolbar of canvas.closest('[data-testid="viewport"]')?.querySelectorAll('.view-toolbar, .paint-toolbar') ?? []) {
    const rect = toolbar.getBoundingClientRect();
    if (rect.height > 0 && rect.top < box.top + box.height / 2) covered = Math.max(covered, rect.bottom - box.top);
  }
  const top = box.height > 0 ? 1 - (2 * Math.min(covered, box.height / 2)) / box.height : 1;
  return { left: -1, right: 1, bottom: -1, top };
}

/** Meshes up to this many vertices are framed by their vertices; larger ones by their boxes' corners (framing stays instant). */
const FRAMED_VERTEX_LIMIT = 200_000;

/** World positions of an object's vertices as shown now (skinned and morphed), or its box's corners when large. */
function worldPoints(root: Object3D): Float32Array {
  root.updateMatrixWorld(true);
  const meshes: Mesh[] = [];
  let count = 0;
  root.traverse((object) => {
    // A skeleton's bone matrices are filled when it is first drawn: a document framed on load has not been yet, and
    // getVertexPosition would collapse every skinned vertex to the origin.
    (object as SkinnedMesh).skeleton?.update();
    const mesh = object as Mesh;
    const position = mesh.isMesh ? (mesh.geometry as BufferGeometry | undefined)?.getAttribute('position') : undefined;
    if (!position || !object.visible) return;
    meshes.push(mesh);
    count += position.count;
  });
  if (count === 0 || count > FRAMED_VERTEX_LIMIT) {
    const { box } = sceneBounds(root);
    return Float32Array.from({ length: 24 }, (_, k) => {
      const corner = Math.floor(k / 3);
      const axis = (['x', 'y', 'z'] as const)[k % 3];
      return (corner >> (k % 3)) & 1 ? box.max[axis] : box.min[axis];
    });
  }
  const out = new Float32Array(3 * count);
  const vertex = new Vector3();
  let k = 0;
  for (const mesh of meshes) {
    const total = (mesh.geometry as BufferGeometry).getAttribute('position').count;
    for (let i = 0; i < total; i++) {
      mesh.getVertexPosition(i, vertex).applyMatrix4(mesh.matrixWorld);
      out[k++] = vertex.x;
      out[k++] = vertex.y;
      out[k++] = vertex.z;
    }
  }
  return out;
}

/** Stops an orbit, pan or zoom still easing out (OrbitControls' damping keeps applying what is left of it). */
function stopEasing(controls: OrbitTarget | null): void {
  const inner = controls as unknown as {
    _sphericalDelta?: { set(a: number, b: number, c: number): void };
    _panOffset?: Vector3;
    _scale?: number;
    _performCursorZoom?: boolean;
  } | null;
  inner?._sphericalDelta?.set(0, 0, 0);
  inner?._panOffset?.set(0, 0, 0);
  if (inner && inner._scale !== undefined) inner._scale = 1;
  if (inner && inner._performCursorZoom !== undefined) inner._performCursorZoom = false;
}

/**
 * Poses a scene from the store's playhead on every drawn frame (Viewport's PlaybackClock moves it).
 * The input plays the timeline's clip; the bake's output (`baked`) plays its only clip, the baked one.
 */
function usePlayback(scene: Object3D | null, clips: AnimationClip[], baked = false): void {
  const activeClip = useOverlap((state) => (baked ? 0 : state.activeClip));
  const mixer = useMemo(() => (scene ? new AnimationMixer(scene) : null), [scene]);
  const clip = clips[activeClip] ?? null;
  const action = useMemo(() => {
    if (!mixer) return null;
    mixer.stopAllAction(); // restores the rest pose of everything the previous clip animated
    if (!clip) return null;
    // LoopOnce + clamp: time = duration shows the last key, not the first (LoopRepeat would wrap).
    const clipAction = mixer.clipAction(clip).setLoop(LoopOnce, 1);
    clipAction.clampWhenFinished = true;
    clipAction.play();
    return clipAction;
  }, [mixer, clip]);
  useEffect(
    () => () => {
      if (!mixer || !scene) return;
      mixer.stopAllAction();
      mixer.uncacheRoot(scene);
    },
    [mixer, scene],
  );
  useFrame(() => {
    if (!action || !mixer) return;
    action.enabled = true;
    action.paused = false;
    action.time = overlapStore.getState().clipTime;
    mixer.update(0);
  });
}

/** A box around the selected mesh, following its animated pose. */
function SelectionBox({ meshObjects }: { meshObjects: Map<string, Object3D> }): ReactElement | null {
  const selected = useOverlap((state) => state.selectedMesh);
  const object = selected ? meshObjects.get(selected) : undefined;
  const helper = useMemo(() => new Box3Helper(new Box3(), new Color('#ffb03b')), []);
  const vertexCount = useRef(0);
  useEffect(() => {
    let count = 0;
    object?.traverse((child) => {
      count += (child as { geometry?: { getAttribute(name: string): { count: number } | undefined } }).geometry?.getAttribute('position')?.count ?? 0;
    });
    vertexCount.current = count;
  }, [object]);
  useFrame(() => {
    if (!object) return;
    // Skinned poses are measured exactly for small meshes; large ones use their bind-pose box.
    helper.box.setFromObject(object, vertexCount.current <= 20_000);
  });
  useEffect(() => () => helper.dispose(), [helper]);
  return object ? <primitive object={helper} /> : null;
}
