/**
 * The viewport's overlay toolbar: what is shown (Input; Live, the live preview's simulated frames in place of the
 * input; after a bake Output, or Both with the input as a ghost), the lattice overlay toggle with its status
 * (building…, tet count, or the error) and the intersection overlay toggle with, while the output is shown, its
 * filter (added by the bake, input, output), and the count of what it draws at the frame.
 *
 * The Show control always says what is drawn: with the live preview on, Live is lit (not Input), and beside it
 * "simulated frame 12" or, on a frame the simulation has not reached, "frame 30: input until simulated".
 */
import type { ReactElement } from 'react';
import { paintSession } from '../paint/paintSession.ts';
import { ToggleChip } from './ToggleChip.tsx';
import {
  effectiveViewMode,
  frameAt,
  overlapStore,
  shownIntersectionFilter,
  useOverlap,
  type IntersectionFilter,
  type IntersectionStatus,
  type LatticeStatus,
  type OverlapState,
  type ViewMode,
} from '../store/index.ts';

/** What the Show control offers: the bake's view modes, and Live (the input view with the live preview on). */
type Shown = ViewMode | 'live';

const VIEWS: Array<{ mode: Shown; label: string; title: string }> = [
  { mode: 'input', label: 'Input', title: 'The imported animation, as keyed' },
  { mode: 'live', label: 'Live', title: 'The live preview: frames simulated while the clip plays, drawn in place of the input (the timeline’s Live)' },
  { mode: 'output', label: 'Output', title: 'The baked result' },
  { mode: 'both', label: 'Both', title: 'The baked result, with the input as a translucent ghost' },
];

/** What the live preview shows at the playhead: a simulated frame, or the input until the simulation gets there. */
function liveText(state: OverlapState): string {
  const frame = frameAt(state.clipTime, state.fps);
  if (state.cachedRanges.some(([a, b]) => a <= frame && frame <= b)) return `simulated frame ${frame}`;
  const clip = state.clips[state.activeClip];
  const [first, last] = state.bakeSettings.frames ?? [0, Math.round((clip?.duration ?? 0) * state.fps)];
  return frame < first || frame > last ? `frame ${frame}: input (outside the bake range)` : `frame ${frame}: input until simulated`;
}

function latticeText(status: LatticeStatus): string {
  switch (status.kind) {
    case 'off':
      return '';
    case 'computing':
      return `building ${status.mesh} at ${status.resolution}…`;
    case 'ready':
      return `${status.mesh}: ${status.tetCount.toLocaleString('en-US')} tets, ${status.surfacePoints.toLocaleString('en-US')} surface points`;
    case 'failed':
      return `${status.mesh}: ${status.message}`;
  }
}

const count = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The intersection filter's choices, in the order the control lists them. */
const FILTERS: Array<{ filter: IntersectionFilter; label: string; title: string }> = [
  {
    filter: 'added',
    label: 'Added by the bake',
    title:
      'Only what the bake added: the output’s intersections farther than 2 rings from every triangle that intersects in the input at this frame (new regions, as overlap check --against counts them)',
  },
  { filter: 'input', label: 'Input', title: 'Every triangle that intersects in the input at this frame' },
  { filter: 'output', label: 'Output', title: 'Every triangle that intersects in the output at this frame, the input’s own crossings included' },
];

/**
 * The count of what the overlay draws at the frame: "frame 12: 0 new regions (input 2,636 pairs)" for what the bake
 * added, "frame 12: 1,204 intersecting triangles in the input (2,636 pairs)" for the input or the output.
 */
export function intersectionText(status: IntersectionStatus): string {
  switch (status.kind) {
    case 'off':
      return '';
    case 'computing':
      return 'checking…';
    case 'ready': {
      const frame = `frame ${status.frame}`;
      if (status.filter === 'added' && status.newRegions !== null && status.added !== null) {
        const triangles = status.newRegions > 0 ? `, ${count(status.added, 'triangle')}` : '';
        return `${frame}: ${count(status.newRegions, 'new region')}${triangles} (input ${count(status.inputPairs, 'pair')})`;
      }
      if (status.filter === 'output' && status.output !== null && status.outputPairs !== null) {
        return `${frame}: ${count(status.output, 'intersecting triangle')} in the output (${count(status.outputPairs, 'pair')})`;
      }
      return `${frame}: ${count(status.input, 'intersecting triangle')} in the input (${count(status.inputPairs, 'pair')})`;
    }
    case 'failed':
      return `intersections: ${status.message}`;
  }
}

export function ViewToolbar(): ReactElement | null {
  const baked = useOverlap((state) => state.baked);
  const clips = useOverlap((state) => state.clips);
  const view = useOverlap(effectiveViewMode);
  const showLattice = useOverlap((state) => state.showLattice);
  const lattice = useOverlap((state) => state.lattice);
  const showIntersections = useOverlap((state) => state.showIntersections);
  const intersections = useOverlap((state) => state.intersections);
  const filter = useOverlap(shownIntersectionFilter);
  const hasDocument = useOverlap((state) => state.documentId !== null);
  const activeClip = useOverlap((state) => state.activeClip);
  const paintMode = useOverlap((state) => state.paintMode);
  const showWeights = useOverlap((state) => state.showWeights);
  const showDisplacement = useOverlap((state) => state.showDisplacement);
  const paintable = useOverlap((state) => paintSession(state.documentId) !== null);
  const live = useOverlap((state) => state.livePreview);
  const liveStatus = useOverlap((state) => (state.livePreview && effectiveViewMode(state) === 'input' ? liveText(state) : null));
  const playable = useOverlap((state) => (state.clips[state.activeClip]?.duration ?? 0) > 0);
  if (!hasDocument) return null;
  const {
    setViewMode,
    setShowLattice,
    setShowIntersections,
    setIntersectionFilter,
    setActiveClip,
    setPaintMode,
    setShowWeights,
    setShowDisplacement,
    setLivePreview,
  } = overlapStore.getState();
  const shown: Shown = view === 'input' && live ? 'live' : view;
  const choose = (mode: Shown): void => {
    if (mode === 'live') {
      setViewMode('input');
      if (!live) setLivePreview(true);
    } else {
      setViewMode(mode);
      if (mode === 'input' && live) setLivePreview(false);
    }
  };
  const disabled = (mode: Shown): boolean => (mode === 'live' ? !playable : mode !== 'input' && (!baked || otherClip));
  const otherClip = baked !== null && baked.clipIndex !== activeClip;
  const disabledReason = !baked
    ? 'Bake first to compare input and output'
    : otherClip
      ? `The bake is of "${baked.clip}": select that clip to compare`
      : undefined;
  const status = latticeText(lattice);
  const intersectionStatus = intersectionText(intersections);
  return (
    <div className="view-toolbar" data-testid="view-toolbar">
      <ToggleChip
        on={paintMode}
        onToggle={() => setPaintMode(!paintMode)}
        disabled={!paintable}
        className="paint"
        title={
          paintable
            ? 'Weight paint mode: paint physics weights and max distances on the mesh at this frame (Tab, or Ctrl+Tab)'
            : 'This file was read for viewing only: it cannot be painted'
        }
        testId="paint-mode"
      >
        Paint
      </ToggleChip>
      <ToggleChip
        on={showWeights || paintMode}
        onToggle={() => setShowWeights(!showWeights)}
        disabled={!paintable || paintMode}
        title="Show the physics-blend weights as a heat map: blue follows the animation, red is pure physics (before anything is painted: the engine's default weights)"
        testId="show-weights"
      >
        Weights
      </ToggleChip>
      <div className="segmented" role="radiogroup" aria-label="Show" data-testid="view-shown" data-shown={shown}>
        {VIEWS.map(({ mode, label, title }) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={shown === mode}
            className={`segment${shown === mode ? ' on' : ''}`}
            disabled={disabled(mode)}
            title={
              mode === 'output' || mode === 'both' ? (disabledReason ?? title) : mode === 'live' && !playable ? 'This clip has no animation to simulate' : title
            }
            onClick={() => choose(mode)}
            data-testid={`view-${mode}`}
          >
            {label}
          </button>
        ))}
      </div>
      {liveStatus ? (
        <span className="view-status" data-testid="live-status" role="status">
          {liveStatus}
        </span>
      ) : null}
      {otherClip && baked && clips[baked.clipIndex] ? (
        <button type="button" className="link-button" onClick={() => setActiveClip(baked.clipIndex)}>
          Go to {baked.clip}
        </button>
      ) : null}
      <ToggleChip
        on={showDisplacement}
        onToggle={() => setShowDisplacement(!showDisplacement)}
        disabled={!baked || otherClip}
        title={disabledReason ?? 'Colour the output by its distance from the input at this frame (dark: none, yellow: the most)'}
        testId="show-displacement"
      >
        Distance
      </ToggleChip>
      <ToggleChip
        on={showLattice}
        onToggle={() => setShowLattice(!showLattice)}
        title="Show the simulation lattice (tetrahedra) and the embedded surface of the selected mesh"
        testId="show-lattice"
      >
        Lattice
      </ToggleChip>
      {showLattice && status ? (
        <span className={`view-status${lattice.kind === 'failed' ? ' bad' : ''}`} data-testid="lattice-status" data-kind={lattice.kind}>
          {status}
        </span>
      ) : null}
      <ToggleChip
        on={showIntersections}
        onToggle={() => setShowIntersections(!showIntersections)}
        title="Show in red the triangles that cut through another triangle at this frame (of the same mesh or another): in the input, or, while the bake’s output is shown, what the filter beside it picks"
        testId="show-intersections"
      >
        Intersections
      </ToggleChip>
      {showIntersections ? (
        <select
          className="toggle-chip"
          aria-label="Intersections to show"
          value={filter}
          disabled={view === 'input'}
          title={
            view === 'input'
              ? 'With only the input shown, its intersections are drawn; show the output (after a bake) to pick what the bake added, the input’s or the output’s'
              : FILTERS.find((entry) => entry.filter === filter)!.title
          }
          onChange={(event) => setIntersectionFilter(event.target.value as IntersectionFilter)}
          data-testid="intersection-filter"
        >
          {FILTERS.map(({ filter: value, label, title }) => (
            <option key={value} value={value} title={title}>
              {label}
            </option>
          ))}
        </select>
      ) : null}
      {showIntersections && intersectionStatus ? (
        <span
          className={`view-status${intersections.kind === 'failed' ? ' bad' : ''}`}
          data-testid="intersection-status"
          data-kind={intersections.kind}
          role="status"
          title={intersectionStatus}
        >
          {intersectionStatus}
        </span>
      ) : null}
    </div>
  );
}
