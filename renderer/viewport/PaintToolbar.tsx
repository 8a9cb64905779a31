/**
 * The paint mode's tool settings, along the top of the viewport as in Blender's weight-paint header:
 * tool (brush, gradient, select brush, box select, the Pose tool's gizmo: move or rotate, contacts, ease in/out), channel (weights or max distance), brush mode,
 * the value the brush paints, radius (screen pixels or scene units), strength, falloff, X-mirror.
 * Below it, the heat map's legend. Every control has a tooltip naming its shortcut where it has one.
 */
import { useEffect, useState, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { useApp } from '../appContext.ts';
import type { PoseDragView } from '../pose/poseEditor.ts';
import { PALETTE_CSS } from '../paint/heatMaterial.ts';
import {
  overlapStore,
  useOverlap,
  type BrushFalloff,
  type BrushMode,
  type MirrorMode,
  type PaintChannel,
  type PaintTool,
  type PoseContactSettings,
  type PoseGizmoMode,
} from '../store/index.ts';
import { SelectField } from '../panels/formControls.tsx';
import { ToggleChip } from './ToggleChip.tsx';
import { LIMIT_DISPLAY_RANGE } from './PaintLayer.tsx';

function Segmented<T extends string>(props: {
  label: string;
  value: T;
  options: Array<{ value: T; label: string; title: string; testId?: string }>;
  onChange(value: T): void;
}): ReactElement {
  return (
    <div className="segmented" role="radiogroup" aria-label={props.label}>
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={props.value === option.value}
          className={`segment${props.value === option.value ? ' on' : ''}`}
          title={option.title}
          onClick={() => props.onChange(option.value)}
          data-testid={option.testId}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** A number field that commits on change when the text is a number (typing stays free). */
function NumberInput(props: {
  label: string;
  title: string;
  value: number;
  min: number;
  max: number;
  step: number;
  onCommit(value: number): void;
  testId?: string;
  width?: string;
}): ReactElement {
  const [text, setText] = useState(String(props.value));
  useEffect(() => setText(String(props.value)), [props.value]);
  return (
    <input
      type="number"
      className="number-input compact"
      aria-label={props.label}
      title={props.title}
      value={text}
      min={props.min}
      max={props.max}
      step={props.step}
      style={props.width ? { width: props.width } : undefined}
      onChange={(event) => {
        setText(event.target.value);
        const value = Number(event.target.value);
        if (event.target.value.trim() !== '' && Number.isFinite(value)) props.onCommit(value);
      }}
      onBlur={() => setText(String(props.value))}
      data-testid={props.testId}
    />
  );
}

function Field({ label, children, title }: { label: string; children: ReactNode; title: string }): ReactElement {
  return (
    <label className="tool-field" title={title}>
      <span className="tool-field-label">{label}</span>
      {children}
    </label>
  );
}

/** Frames the Pose tool's next correction eases in over before its frame and out over after it. */
function PoseEaseField(): ReactElement {
  const ease = useOverlap((state) => state.poseEase);
  return (
    <Field label="Ease" title="The next pose correction eases in over this many frames before its frame and out over as many after it (0: only on its frame)">
      <NumberInput
        label="Pose correction ease in frames"
        title="Ease in/out [frames]"
        value={ease}
        min={0}
        max={1000}
        step={1}
        onCommit={(frames) => overlapStore.getState().setPoseEase(frames)}
        testId="pose-ease"
      />
      <span className="unit">frames</span>
    </Field>
  );
}

const noDrag = (): PoseDragView | null => null;
const noSubscribe = (): (() => void) => () => undefined;

/** The Pose tool's gizmo mode, contact switches and, during a drag, the contacts and the worker's time per event. */
function PoseControls(): ReactElement {
  const mode = useOverlap((state) => state.poseGizmo);
  const contact = useOverlap((state) => state.poseContact);
  const colliderCount = useOverlap((state) => Object.values(state.meshSettings).filter((settings) => settings.role === 'collider').length);
  const editor = useApp().poseEditor ?? null;
  const drag = useSyncExternalStore(editor?.subscribe ?? noSubscribe, editor?.view ?? noDrag);
  const { setPoseGizmo, setPoseContact } = overlapStore.getState();
  const chip = (key: keyof PoseContactSettings, label: string, title: string): ReactElement => (
    <ToggleChip on={contact[key]} onToggle={() => setPoseContact({ [key]: !contact[key] })} title={title} testId={`pose-contact-${key}`}>
      {label}
    </ToggleChip>
  );
  return (
    <>
      <Segmented<PoseGizmoMode>
        label="Gizmo"
        value={mode}
        onChange={setPoseGizmo}
        options={[
          { value: 'translate', label: 'Move', title: 'Move the selection with the gizmo (W)', testId: 'pose-gizmo-translate' },
          { value: 'rotate', label: 'Rotate', title: 'Turn the selection about its centroid with the gizmo (E)', testId: 'pose-gizmo-rotate' },
        ]}
      />
      <div className="segmented" role="group" aria-label="Pose contacts">
        {chip('self', 'Self', 'The mesh may not pass through itself while you drag (and the edit ends with no intersection it did not have)')}
        {chip('colliders', `Colliders${colliderCount > 0 ? ` (${colliderCount})` : ''}`, 'The meshes whose role is Collider, at this frame, stop the drag')}
        {chip('ground', 'Ground', 'The ground plane y = 0 stops the drag')}
      </div>
      {drag ? (
        <span
          className="tool-note"
          data-testid="pose-drag-status"
          title={
            drag.bases
              ? `Vertices in contact (red in the viewport); the reduced solver's active local bases (${drag.bases.contact} activated by contact; per level ${drag.bases.perLevel.join(' / ')}; on top of ${drag.bases.global} global ones); the engine's time for the latest drag event`
              : "Vertices in contact (red in the viewport) and the engine's time for the latest drag event (full-space solver)"
          }
        >
          {drag.contacts.length} in contact{drag.bases ? ` · ${drag.bases.local} local bases` : ''} · {drag.milliseconds.toFixed(1)} ms
        </span>
      ) : null}
    </>
  );
}

/** The brush's two amounts in 0–1: the field's label and tooltip, the input's accessible label and tooltip. */
const BRUSH_AMOUNTS = {
  weight: {
    field: 'Weight',
    hint: 'The weight the brush adds, subtracts or sets (0 follows the animation, 1 pure physics)',
    label: 'Brush weight',
    title: 'Brush weight, 0–1',
  },
  strength: {
    field: 'Strength',
    hint: 'How much one brush sample changes at its centre, 0–1 (Shift+[ and Shift+] change it)',
    label: 'Brush strength',
    title: 'Brush strength',
  },
} as const;

const RADIUS_UNIT_OPTIONS: readonly (readonly ['screen' | 'world', string])[] = [
  ['screen', 'px'],
  ['world', 'world'],
];
const FALLOFF_OPTIONS: readonly (readonly [BrushFalloff, string])[] = [
  ['smooth', 'Smooth'],
  ['linear', 'Linear'],
  ['sharp', 'Sharp'],
  ['constant', 'Constant'],
];
const MIRROR_OPTIONS: readonly (readonly [MirrorMode, string])[] = [
  ['off', 'Off'],
  ['positional', 'X, by position'],
  ['topological', 'X, by topology'],
];

export function PaintToolbar(): ReactElement | null {
  const paintMode = useOverlap((state) => state.paintMode);
  const tool = useOverlap((state) => state.paintTool);
  const channel = useOverlap((state) => state.paintChannel);
  const brush = useOverlap((state) => state.brush);
  const activeLayer = useOverlap((state) => state.layers.find((layer) => layer.id === state.activeLayer)?.name ?? null);
  if (!paintMode) return null;
  const { setPaintTool, setPaintChannel, setBrush } = overlapStore.getState();
  const amountField = (key: keyof typeof BRUSH_AMOUNTS): ReactElement => (
    <Field label={BRUSH_AMOUNTS[key].field} title={BRUSH_AMOUNTS[key].hint}>
      <NumberInput
        label={BRUSH_AMOUNTS[key].label}
        title={BRUSH_AMOUNTS[key].title}
        value={brush[key]}
        min={0}
        max={1}
        step={0.05}
        onCommit={(value) => setBrush({ [key]: value })}
        testId={`brush-${key}`}
      />
    </Field>
  );
  return (
    <div className="paint-toolbar" role="toolbar" aria-label="Paint tools" data-testid="paint-toolbar">
      <Segmented<PaintTool>
        label="Tool"
        value={tool}
        onChange={setPaintTool}
        options={[
          { value: 'brush', label: 'Brush', title: 'Paint with the brush (Shift: smooth, Ctrl: invert add/subtract)', testId: 'tool-brush' },
          {
            value: 'gradient',
            label: 'Gradient',
            title: 'Drag a line: the weight runs from the brush value at its start to 0 at its end (within the selection, if any)',
            testId: 'tool-gradient',
          },
          { value: 'select', label: 'Select', title: 'Select vertices with the brush (Ctrl: deselect)', testId: 'tool-select' },
          { value: 'box', label: 'Box', title: 'Drag a box to select the vertices inside it, through the mesh (Shift: add, Ctrl: remove)', testId: 'tool-box' },
          {
            value: 'pose',
            label: 'Pose',
            title:
              'Drag the selected vertices with the gizmo: the mesh follows as rigidly as it can (ARAP), and the release keys a pose correction at this frame',
            testId: 'tool-pose',
          },
        ]}
      />
      {tool === 'pose' ? (
        <>
          <PoseControls />
          <PoseEaseField />
          <span
            className="tool-note"
            title="Select the part to move with the Select or Box tool first; the mesh beyond a quarter of its size from the selection stays where it is"
          >
            Drag the gizmo to move or turn the selection
          </span>
        </>
      ) : null}
      {tool === 'pose' ? null : (
        <>
          <Segmented<PaintChannel>
            label="Channel"
            value={channel}
            onChange={setPaintChannel}
            options={[
              {
                value: 'weights',
                label: 'Weights',
                title: 'Paint physics-blend weights: 0 follows the animation, 1 is pure physics',
                testId: 'channel-weights',
              },
              {
                value: 'maxDistance',
                label: 'Max distance',
                title: 'Paint how far vertices may move from the animation (0 pins them); grey: no limit',
                testId: 'channel-limits',
              },
            ]}
          />
          {tool === 'brush' ? (
            <Segmented<BrushMode>
              label="Brush mode"
              value={brush.mode}
              onChange={(mode) => setBrush({ mode })}
              options={[
                {
                  value: 'add',
                  label: 'Add',
                  title: channel === 'weights' ? 'Add the value (toward pure physics)' : 'Set the max distance',
                  testId: 'mode-add',
                },
                {
                  value: 'subtract',
                  label: 'Sub',
                  title: channel === 'weights' ? 'Subtract the value (toward following the animation)' : 'Clear the limit',
                  testId: 'mode-subtract',
                },
                { value: 'smooth', label: 'Smooth', title: 'Blur toward the neighbours’ mean (Shift while painting)', testId: 'mode-smooth' },
                { value: 'set', label: 'Set', title: 'Mix toward the value by the strength', testId: 'mode-set' },
              ]}
            />
          ) : null}
          {channel === 'weights' ? (
            amountField('weight')
          ) : (
            <Field label="Distance" title="The max distance the brush paints, in centimetres (0 pins to the animation)">
              <NumberInput
                label="Max distance in centimetres"
                title="Max distance [cm]"
                value={Math.round(brush.distance * 1e4) / 100}
                min={0}
                max={1e4}
                step={0.5}
                onCommit={(cm) => setBrush({ distance: cm / 100 })}
                testId="brush-distance"
              />
              <span className="unit">cm</span>
            </Field>
          )}
          <Field label="Radius" title={`Brush radius in ${brush.radiusUnit === 'screen' ? 'screen pixels' : 'scene units'} ([ and ] change it)`}>
            <NumberInput
              label="Brush radius"
              title="Brush radius"
              value={brush.radius}
              min={brush.radiusUnit === 'screen' ? 2 : 0}
              max={brush.radiusUnit === 'screen' ? 400 : 1e6}
              step={brush.radiusUnit === 'screen' ? 1 : 0.01}
              onCommit={(radius) => setBrush({ radius })}
              testId="brush-radius"
            />
            <SelectField
              label="Radius unit"
              title="Screen: the brush keeps its size on screen; world: a fixed size on the model"
              value={brush.radiusUnit}
              options={RADIUS_UNIT_OPTIONS}
              onChange={(radiusUnit) => setBrush({ radiusUnit, radius: radiusUnit === 'screen' ? 40 : 0.05 })}
              testId="brush-radius-unit"
            />
          </Field>
          {amountField('strength')}
          <Field label="Falloff" title="How the brush weakens toward its rim">
            <SelectField
              label="Brush falloff"
              value={brush.falloff}
              options={FALLOFF_OPTIONS}
              onChange={(falloff) => setBrush({ falloff })}
              testId="brush-falloff"
            />
          </Field>
          <Field
            label="Mirror"
            title="Paint both sides across the mesh's X plane: by position (symmetric models) or by topology (symmetric wiring, slightly asymmetric shape)"
          >
            <SelectField label="X mirror" value={brush.mirror} options={MIRROR_OPTIONS} onChange={(mirror) => setBrush({ mirror })} testId="brush-mirror" />
          </Field>
          {activeLayer ? (
            <span className="tool-note" title="Strokes go to this weight layer; pick Base in the Paint panel to paint the base weights">
              Layer: {activeLayer}
            </span>
          ) : null}
        </>
      )}
    </div>
  );
}

/** The heat map's colour scale and what its ends mean. */
export function HeatLegend(): ReactElement | null {
  // The Pose tool draws the mesh itself (no heat map): no legend.
  const paintMode = useOverlap((state) => state.paintMode && state.paintTool !== 'pose');
  const channel = useOverlap((state) => state.paintChannel);
  const showWeights = useOverlap((state) => state.showWeights);
  const showDisplacement = useOverlap((state) => state.showDisplacement && state.baked !== null && state.viewMode !== 'input');
  const maxDisplacement = useOverlap((state) => state.baked?.maxDisplacement ?? 0);
  const palette = paintMode ? (channel === 'weights' ? 'weights' : 'limits') : showWeights ? 'weights' : showDisplacement ? 'displacement' : null;
  if (!palette) return null;
  const ends =
    palette === 'weights'
      ? ['0 follows the animation', '1 pure physics']
      : palette === 'limits'
        ? ['1 mm', `≥ ${LIMIT_DISPLAY_RANGE * 100} cm`]
        : ['0', `${(maxDisplacement * 100).toFixed(1)} cm from the input`];
  return (
    <div className="heat-legend" data-testid="heat-legend" aria-label={`Colour scale: ${ends.join(' to ')}`}>
      <div className="legend-bar" style={{ background: PALETTE_CSS[palette] }} />
      <div className="legend-ends">
        <span>{ends[0]}</span>
        <span>{ends[1]}</span>
      </div>
      {palette === 'weights' ? (
        <div className="legend-extra">
          <span className="legend-swatch pin" /> pinned (max distance 0)
        </div>
      ) : palette === 'limits' ? (
        <div className="legend-extra">
          <span className="legend-swatch pinned" /> pinned (0) <span className="legend-swatch none" /> no limit
        </div>
      ) : null}
    </div>
  );
}
