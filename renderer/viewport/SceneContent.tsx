/**
 * The loaded document in the viewport: its scene, the animation mixer driven by the store's
 * playhead, camera framing (on load and on Frame All), the grid sized to the model, and the
 * selection box of the outliner's selected mesh. Click a mesh to select it.
 *
 * After a bake the viewport shows the input, the output (the baked GLB, playing its baked clip at
 * the same clip time), or both with the input as a translucent ghost. The output is shown only while
 * the timeline's clip is the baked clip; on any other clip the input plays alone.
 */
import { Grid } from '@react-three/drei';
import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo, useRef, type ReactElement } from 'react';
import { AnimationMixer, Box3, Box3Helper, Color, LoopOnce, type AnimationClip, type Object3D, type PerspectiveCamera, type Vector3 } from 'three';
import { registeredBake, registeredDocument, type RegisteredBake, type RegisteredDocument } from '../document/sceneRegistry.ts';
import { effectiveViewMode, overlapStore, useOverlap, type ViewMode } from '../store/index.ts';
import { setGhost } from './ghostMaterial.ts';
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
  useFraming(scene);
  usePlayback(scene, entry.clips);
  usePlayback(bake?.gltf.scene ?? null, bake?.clip ? [bake.clip] : [], true);

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

/** Frames the camera on the scene on load and whenever Frame All is requested. */
function useFraming(scene: Object3D): void {
  const camera = useThree((state) => state.camera) as PerspectiveCamera;
  const controls = useThree((state) => state.controls) as unknown as OrbitTarget | null;
  const frameRequest = useOverlap((state) => state.frameRequest);
  useEffect(() => {
    const { center, radius } = sceneBounds(scene);
    const fov = (camera.fov * Math.PI) / 180;
    const distance = (radius / Math.sin(fov / 2)) * 1.15;
    // A three-quarter view from the front, slightly above: how character artists look at a model.
    const direction = { x: 0.55, y: 0.35, z: 1 };
    const length = Math.hypot(direction.x, direction.y, direction.z);
    camera.position.set(center.x + (direction.x / length) * distance, center.y + (direction.y / length) * distance, center.z + (direction.z / length) * distance);
    camera.near = Math.max(distance / 1000, 1e-4);
    camera.far = distance * 100;
    camera.updateProjectionMatrix();
    if (controls) {
      controls.target.copy(center);
      controls.minDistance = radius * 0.05;
      controls.maxDistance = radius * 50;
      controls.update();
    } else {
      camera.lookAt(center);
    }
  }, [scene, camera, controls, frameRequest]);
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
