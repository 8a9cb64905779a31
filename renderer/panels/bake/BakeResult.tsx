/**
 * The Simulation panel's Last bake summary: the clip and frames baked, the output and its size, how far
 * each mesh moves from the input animation (against the mesh's own size), and the time it took.
 */
import type { ReactElement } from 'react';
import type { ExportMode } from '../../../app/document/index.ts';
import type { BakedSummary } from '../../store/index.ts';
import { formatLength } from '../ScenePanel.tsx';

const EXPORT_MODE_LABELS: Record<ExportMode, string> = { corrective: 'corrective morph targets', bones: 'jiggle bones', cache: 'vertex cache' };

/** @param baked  the document's last finished bake */
export function BakeResult({ baked }: { baked: BakedSummary }): ReactElement {
  return (
    <section className="bake-result" data-testid="bake-result" aria-label="Last bake">
      <h3 className="subheading" data-testid="bake-done">
        Last bake{baked.exported ? ' · exported' : ' · not exported yet'}
      </h3>
      <dl className="result-list">
        <dt>Clip</dt>
        <dd>
          {baked.clip}, frames {baked.frames[0]}–{baked.frames[1]} at {baked.fps} fps{baked.preroll > 0 ? ` (+${baked.preroll} pre-roll)` : ''}
        </dd>
        <dt>Output</dt>
        <dd>
          {EXPORT_MODE_LABELS[baked.mode]}, {(baked.outputBytes / 1024).toFixed(0)} KiB
        </dd>
        {baked.meshes.map((mesh) => (
          <div
            key={mesh.mesh}
            className="result-pair"
            title="Largest distance of a vertex of this mesh from the input animation, and that against the mesh's own size"
          >
            <dt>{mesh.mesh}</dt>
            <dd data-testid="bake-mesh-motion">
              moves up to {formatLength(mesh.maxDisplacement)} ({(mesh.relative * 100).toFixed(1)}% of its size)
            </dd>
          </div>
        ))}
        <dt>Time</dt>
        <dd>{baked.seconds.toFixed(1)} s</dd>
      </dl>
      <p className="result-hint">Export glTF… writes this bake.</p>
    </section>
  );
}
