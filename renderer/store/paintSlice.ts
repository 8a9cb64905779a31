/**
 * Weight painting and limits: the paint mode and its tool settings (brush radius, strength, falloff,
 * mode, mirror), the channel painted (physics-blend weights, or max distance), the weight layers'
 * metadata (keyed influence; their arrays live in renderer/paint/paintRegistry.ts), the vertex
 * selection's size, and `paintStep`, the id of the last paint delta applied: undo/redo restore it
 * and the registry follows (renderer/paint/paintHistory.ts). The brush is an application preference (kept across
 * documents and sessions: preferences.ts); paint mode, the tool and the channel belong to the open document and reset
 * when another is opened (documentLifecycleSlice's PER_DOCUMENT_STATE). Neither is undoable or saved in the project.
 */
import type { LayerEntry, SliceCreator } from './types.ts';

export type PaintChannel = 'weights' | 'maxDistance';
/** 'pose': the Pose (ARAP) tool, which drags the selection with a gizmo (renderer/viewport/PoseLayer.tsx). */
export type PaintTool = 'brush' | 'gradient' | 'select' | 'box' | 'pose';
export type BrushMode = 'add' | 'subtract' | 'smooth' | 'set';
export type BrushFalloff = 'smooth' | 'linear' | 'sharp' | 'constant';
export type MirrorMode = 'off' | 'positional' | 'topological';

export interface BrushSettings {
  mode: BrushMode;
  /** the weight the brush adds, subtracts or sets, in [0, 1] */
  weight: number;
  /** the max distance the brush sets on the limits channel [m] */
  distance: number;
  /** brush radius: pixels ('screen') or scene units ('world') */
  radius: number;
  radiusUnit: 'screen' | 'world';
  /** how much of the change one stroke sample applies at the centre, in [0, 1] */
  strength: number;
  falloff: BrushFalloff;
  mirror: MirrorMode;
  /** mesh-local axis the mirror reflects across (0 = X, as Blender) */
  mirrorAxis: 0 | 1 | 2;
}

export const DEFAULT_BRUSH: Readonly<BrushSettings> = Object.freeze({
  mode: 'add',
  weight: 1,
  distance: 0.02,
  radius: 40,
  radiusUnit: 'screen',
  strength: 0.5,
  falloff: 'smooth',
  mirror: 'off',
  mirrorAxis: 0,
});

/** Radius bounds: pixels, scene units. */
export const BRUSH_RADIUS_RANGE = { screen: [2, 400], world: [1e-6, 1e6] } as const;

export interface PaintSlice {
  paintMode: boolean;
  paintChannel: PaintChannel;
  paintTool: PaintTool;
  brush: BrushSettings;
  /** the layer strokes go to; null: the base weights */
  activeLayer: string | null;
  layers: LayerEntry[];
  /** id of the last applied paint delta (0: none since the document was loaded) */
  paintStep: number;
  /** bumped whenever painted data changes (strokes, undo, fills): the heat map redraws on it */
  paintRevision: number;
  /** vertices selected on the painted mesh */
  selectionCount: number;
  /** heat map of the weights outside paint mode */
  showWeights: boolean;
  /** heat map of the output's distance from the input (after a bake) */
  showDisplacement: boolean;

  setPaintMode(on: boolean): void;
  setPaintChannel(channel: PaintChannel): void;
  setPaintTool(tool: PaintTool): void;
  setBrush(change: Partial<BrushSettings>): void;
  setActiveLayer(id: string | null): void;
  /** Adds an empty layer (mask 0 everywhere: it changes nothing until painted) and makes it active. */
  addLayer(layer: LayerEntry): void;
  removeLayer(id: string): void;
  setLayer(id: string, change: Partial<Pick<LayerEntry, 'name' | 'enabled'>>): void;
  /** Keys the layer's influence at a frame (replacing a key there). */
  keyLayer(id: string, frame: number, influence: number): void;
  removeLayerKey(id: string, frame: number): void;
  /** A paint delta was applied and recorded (an undo step). */
  paintCommitted(step: number): void;
  /** Painted data changed without a new step (undo/redo moved the registry, defaults arrived). */
  paintChanged(): void;
  setSelectionCount(count: number): void;
  setShowWeights(show: boolean): void;
  setShowDisplacement(show: boolean): void;
}

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

export const createPaintSlice: SliceCreator<PaintSlice> = (set, get) => ({
  paintMode: false,
  paintChannel: 'weights',
  paintTool: 'brush',
  brush: DEFAULT_BRUSH,
  activeLayer: null,
  layers: [],
  paintStep: 0,
  paintRevision: 0,
  selectionCount: 0,
  showWeights: false,
  showDisplacement: false,

  setPaintMode(on) {
    if (on && get().documentId === null) return;
    // Painting happens on a still frame: the pose under the brush must not move.
    set(on ? { paintMode: true, playing: false } : { paintMode: false });
  },
  setPaintChannel(channel) {
    set({ paintChannel: channel });
  },
  setPaintTool(tool) {
    set({ paintTool: tool });
  },
  setBrush(change) {
    const next = { ...get().brush, ...change };
    if (!Number.isFinite(next.weight)) next.weight = get().brush.weight;
    if (!Number.isFinite(next.strength)) next.strength = get().brush.strength;
    if (!Number.isFinite(next.radius)) next.radius = get().brush.radius;
    if (!Number.isFinite(next.distance)) next.distance = get().brush.distance;
    next.weight = clamp(next.weight, 0, 1);
    next.strength = clamp(next.strength, 0, 1);
    next.distance = clamp(next.distance, 0, 1e6);
    const [low, high] = BRUSH_RADIUS_RANGE[next.radiusUnit];
    next.radius = clamp(next.radius, low, high);
    set({ brush: next });
  },
  setActiveLayer(id) {
    if (id !== null && !get().layers.some((layer) => layer.id === id)) return;
    set({ activeLayer: id });
  },
  addLayer(layer) {
    if (get().layers.some((other) => other.id === layer.id)) return;
    set({ layers: [...get().layers, layer], activeLayer: layer.id });
  },
  removeLayer(id) {
    if (!get().layers.some((layer) => layer.id === id)) return;
    set({ layers: get().layers.filter((layer) => layer.id !== id), activeLayer: get().activeLayer === id ? null : get().activeLayer });
  },
  setLayer(id, change) {
    if (!get().layers.some((layer) => layer.id === id)) return;
    const layers = get().layers.map((layer) => (layer.id === id ? { ...layer, ...change } : layer));
    set({ layers });
  },
  keyLayer(id, frame, influence) {
    if (!Number.isFinite(frame) || !Number.isFinite(influence) || !get().layers.some((layer) => layer.id === id)) return;
    const value = clamp(influence, 0, 1);
    set({
      layers: get().layers.map((layer) => {
        if (layer.id !== id) return layer;
        const keys = layer.keys.filter((key) => key.frame !== frame);
        keys.push({ frame, influence: value });
        keys.sort((a, b) => a.frame - b.frame);
        return { ...layer, keys };
      }),
    });
  },
  removeLayerKey(id, frame) {
    if (!get().layers.some((layer) => layer.id === id && layer.keys.some((key) => key.frame === frame))) return;
    set({ layers: get().layers.map((layer) => (layer.id === id ? { ...layer, keys: layer.keys.filter((key) => key.frame !== frame) } : layer)) });
  },
  paintCommitted(step) {
    set({ paintStep: step, paintRevision: get().paintRevision + 1 });
  },
  paintChanged() {
    set({ paintRevision: get().paintRevision + 1 });
  },
  setSelectionCount(count) {
    if (count !== get().selectionCount) set({ selectionCount: count });
  },
  setShowWeights(show) {
    set({ showWeights: show });
  },
  setShowDisplacement(show) {
    set({ showDisplacement: show });
  },
});
