/**
 * The viewport's overlay toolbar: what to show after a bake (Input, Output, or Both with the input
 * as a ghost), the lattice overlay toggle with its status (building…, tet count, or the error) and
 * the intersection overlay toggle with its counts.
 */
import type { ReactElement } from 'react';
import { paintSession } from '../paint/paintSession.ts';
import { effectiveViewMode, overlapStore, useOverlap, type IntersectionStatus, type LatticeStatus, type ViewMode } from '../store/index.ts';

const VIEWS: Array<{ mode: ViewMode; label: string; title: string }> = [
  { mode: 'input', label: 'Input', title: 'The imported animation' },
  { mode: 'output', label: 'Output', title: 'The baked result' },
  { mode: 'both', label: 'Both', title: 'The baked result, with the input as a translucent ghost' },
];

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

const triangles = (count: number): string => `${count.toLocaleString('en-US')} intersecting triangle${count === 1 ? '' : 's'}`;

/** "12 intersecting triangles in the input", then, while the output is shown, what it has and what the bake added. */
export function intersectionText(status: IntersectionStatus): string {
  switch (status.kind) {
    case 'off':
      return '';
    case 'computing':
      return 'checking…';
    case 'ready': {
      const input = `${triangles(status.input)} in the input`;
      if (status.output === null) return input;
      return `${input}, ${status.output.toLocaleString('en-US')} in the output: ${(status.added ?? 0).toLocaleString('en-US')} added by the bake`;
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
  const hasDocument = useOverlap((state) => state.documentId !== null);
  const activeClip = useOverlap((state) => state.activeClip);
  const paintMode = useOverlap((state) => state.paintMode);
  const showWeights = useOverlap((state) => state.showWeights);
  const showDisplacement = useOverlap((state) => state.showDisplacement);
  const paintable = useOverlap((state) => paintSession(state.documentId) !== null);
  if (!hasDocument) return null;
  const { setViewMode, setShowLattice, setShowIntersections, setActiveClip, setPaintMode, setShowWeights, setShowDisplacement } = overlapStore.getState();
  const otherClip = baked !== null && baked.clipIndex !== activeClip;
  const disabledReason = !baked ? 'Bake first to compare input and output' : otherClip ? `The bake is of "${baked.clip}": select that clip to compare` : undefined;
  const status = latticeText(lattice);
  const intersectionStatus = intersectionText(intersections);
  return (
    <div className="view-toolbar" data-testid="view-toolbar">
      <button
        type="button"
        className={`toggle-chip paint${paintMode ? ' on' : ''}`}
        aria-pressed={paintMode}
        disabled={!paintable}
        title={paintable ? 'Weight paint mode: paint physics weights and max distances on the mesh at this frame (Tab, or Ctrl+Tab)' : 'This file was read for viewing only: it cannot be painted'}
        onClick={() => setPaintMode(!paintMode)}
        data-testid="paint-mode"
      >
        Paint
      </button>
      <button
        type="button"
        className={`toggle-chip${showWeights || paintMode ? ' on' : ''}`}
        aria-pressed={showWeights || paintMode}
        disabled={!paintable || paintMode}
        title="Show the physics-blend weights as a heat map: blue follows the animation, red is pure physics (before anything is painted: the engine's default weights)"
        onClick={() => setShowWeights(!showWeights)}
        data-testid="show-weights"
      >
        Weights
      </button>
      <div className="segmented" role="radiogroup" aria-label="Show" title={disabledReason}>
        {VIEWS.map(({ mode, label, title }) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={view === mode}
            className={`segment${view === mode ? ' on' : ''}`}
            disabled={mode !== 'input' && (!baked || otherClip)}
            title={disabledReason ?? title}
            onClick={() => setViewMode(mode)}
            data-testid={`view-${mode}`}
          >
            {label}
          </button>
        ))}
      </div>
      {otherClip && baked && clips[baked.clipIndex] ? (
        <button type="button" className="link-button" onClick={() => setActiveClip(baked.clipIndex)}>
          Go to {baked.clip}
        </button>
      ) : null}
      <button
        type="button"
        className={`toggle-chip${showDisplacement ? ' on' : ''}`}
        aria-pressed={showDisplacement}
        disabled={!baked || otherClip}
        title={disabledReason ?? 'Colour the output by its distance from the input at this frame (dark: none, yellow: the most)'}
        onClick={() => setShowDisplacement(!showDisplacement)}
        data-testid="show-displacement"
      >
        Distance
      </button>
      <button
        type="button"
        className={`toggle-chip${showLattice ? ' on' : ''}`}
        aria-pressed={showLattice}
        title="Show the simulation lattice (tetrahedra) and the embedded surface of the selected mesh"
        onClick={() => setShowLattice(!showLattice)}
        data-testid="show-lattice"
      >
        Lattice
      </button>
      {showLattice && status ? (
        <span className={`view-status${lattice.kind === 'failed' ? ' bad' : ''}`} data-testid="lattice-status" data-kind={lattice.kind}>
          {status}
        </span>
      ) : null}
      <button
        type="button"
        className={`toggle-chip${showIntersections ? ' on' : ''}`}
        aria-pressed={showIntersections}
        title="Show in red the triangles that cut through another triangle at this frame (of the same mesh or another), in the input and, when it is shown, in the baked output"
        onClick={() => setShowIntersections(!showIntersections)}
        data-testid="show-intersections"
      >
        Intersections
      </button>
      {showIntersections && intersectionStatus ? (
        <span className={`view-status${intersections.kind === 'failed' ? ' bad' : ''}`} data-testid="intersection-status" data-kind={intersections.kind} role="status" title={intersectionStatus}>
          {intersectionStatus}
        </span>
      ) : null}
    </div>
  );
}
