/**
 * The loaded document in the viewport: its scene, the animation mixer driven by the store's
 * playhead, camera framing (on load and on Frame All), the grid sized to the model, and the
 * selection box of the outliner's selected mesh. Click a mesh to select it.
 */
import { Grid } from '@react-three/drei';
import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo, useRef, type ReactElement } from 'react';
import { AnimationMixer, Box3, Box3Helper, Color, LoopOnce, type Object3D, type PerspectiveCamera, type Vector3 } from 'three';
import { registeredDocument, type RegisteredDocument } from '../document/sceneRegistry.ts';
import { overlapStore, useOverlap } from '../store/index.ts';
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
  const entry = registeredDocument(documentId);
  if (!entry) return null;
  return <LoadedScene key={documentId} entry={entry} />;
}

function LoadedScene({ entry }: { entry: RegisteredDocument }): ReactElement {
  const scene = entry.gltf.scene;
  const bounds = useMemo(() => sceneBounds(scene), [scene]);
  const spacing = gridSpacing(bounds.radius);
  useFraming(scene);
  usePlayback(entry);

  const onClick = (event: ThreeEvent<MouseEvent>): void => {
    if (event.delta > 4) return; // the end of an orbit drag, not a click
    event.stopPropagation();
    for (let object: Object3D | null = event.object; object; object = object.parent) {
      for (const [name, meshObject] of entry.meshObjects) {
        if (meshObject === object) {
          overlapStore.getState().selectMesh(name);
          return;
        }
      }
    }
  };

  return (
    <>
      <primitive object={scene} onClick={onClick} />
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
      <SelectionBox entry={entry} />
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

/** Poses the scene from the store's playhead on every drawn frame (Viewport's PlaybackClock moves it). */
function usePlayback(entry: RegisteredDocument): void {
  const activeClip = useOverlap((state) => state.activeClip);
  const mixer = useMemo(() => new AnimationMixer(entry.gltf.scene), [entry]);
  const action = useMemo(() => {
    mixer.stopAllAction(); // restores the rest pose of everything the previous clip animated
    const clip = entry.clips[activeClip];
    if (!clip) return null;
    // LoopOnce + clamp: time = duration shows the last key, not the first (LoopRepeat would wrap).
    const clipAction = mixer.clipAction(clip).setLoop(LoopOnce, 1);
    clipAction.clampWhenFinished = true;
    clipAction.play();
    return clipAction;
  }, [mixer, entry, activeClip]);
  useEffect(
    () => () => {
      mixer.stopAllAction();
      mixer.uncacheRoot(entry.gltf.scene);
    },
    [mixer, entry],
  );
  useFrame(() => {
    if (!action) return;
    action.enabled = true;
    action.paused = false;
    action.time = overlapStore.getState().clipTime;
    mixer.update(0);
  });
}

/** A box around the selected mesh, following its animated pose. */
function SelectionBox({ entry }: { entry: RegisteredDocument }): ReactElement | null {
  const selected = useOverlap((state) => state.selectedMesh);
  const object = selected ? entry.meshObjects.get(selected) : undefined;
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
