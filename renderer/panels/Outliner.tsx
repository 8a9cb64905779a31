/**
 * The outliner: the document's mesh nodes (with the counts `overlap inspect` reports and each
 * mesh's simulation role) and its animation clips (click one to make it the timeline's clip).
 */
import type { ReactElement, ReactNode } from 'react';
import { overlapStore, useOverlap } from '../store/index.ts';
import { SelectField } from './formControls.tsx';
import { Icon } from './icons.tsx';
import { MESH_ROLE_OPTIONS } from './meshRoleOptions.ts';

const count = (value: number): string => value.toLocaleString('en-US');

/** One titled list of the outliner, its heading showing how many items it holds. */
function OutlinerSection(props: { id: string; title: string; count: number; children: ReactNode }): ReactElement {
  return (
    <section className="outliner-section" aria-labelledby={props.id}>
      <h2 id={props.id} className="panel-heading">
        {props.title} <span className="heading-count">{props.count}</span>
      </h2>
      {props.children}
    </section>
  );
}

export function Outliner(): ReactElement {
  const meshes = useOverlap((state) => state.meshes);
  const clips = useOverlap((state) => state.clips);
  const meshSettings = useOverlap((state) => state.meshSettings);
  const selectedMesh = useOverlap((state) => state.selectedMesh);
  const activeClip = useOverlap((state) => state.activeClip);
  const warnings = useOverlap((state) => state.warnings);
  // Actions are stable functions: read them once instead of subscribing to the whole state.
  const { selectMesh, setMeshRole, setActiveClip, setPlaying } = overlapStore.getState();

  return (
    <aside className="outliner panel" aria-label="Outliner" data-testid="outliner">
      <OutlinerSection id="outliner-meshes" title="Meshes" count={meshes.length}>
        {meshes.length === 0 ? <p className="empty-hint">No meshes</p> : null}
        <ul className="outliner-list" data-testid="mesh-list">
          {meshes.map((mesh) => (
            <li key={mesh.name}>
              <div
                className={`outliner-row${selectedMesh === mesh.name ? ' selected' : ''}`}
                role="button"
                tabIndex={0}
                aria-pressed={selectedMesh === mesh.name}
                onClick={(event) => {
                  // The second click of a double-click frames the mesh; it must not undo the first one's selection.
                  if (event.detail >= 2) return;
                  selectMesh(selectedMesh === mesh.name ? null : mesh.name);
                }}
                onDoubleClick={() => {
                  // Small or enclosed parts (a visor inside a helmet) are hard to click in the viewport: frame them here.
                  selectMesh(mesh.name);
                  overlapStore.getState().requestFrame();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') selectMesh(selectedMesh === mesh.name ? null : mesh.name);
                  else if (event.key === 'f' || event.key === 'F') {
                    selectMesh(mesh.name);
                    overlapStore.getState().requestFrame();
                    event.preventDefault();
                    event.stopPropagation();
                  }
                }}
                data-testid="mesh-row"
                data-name={mesh.name}
                title={`Select ${mesh.name}: its physics show in the panel, and paint mode paints it. Double-click (or F) frames it in the viewport`}
              >
                <Icon name="mesh" />
                <span className="row-name" title={mesh.name}>
                  {mesh.name}
                </span>
                <span className="badges" title="skin: bound to a skeleton; morph: has morph targets">
                  {mesh.skinned ? <span className="badge">skin</span> : null}
                  {mesh.morphTargets > 0 ? <span className="badge">{mesh.morphTargets} morph</span> : null}
                </span>
              </div>
              <div className="row-detail">
                <span
                  className="row-stats"
                  title={`${count(mesh.renderVertices)} render vertices${mesh.weldedVertices !== null ? `, ${count(mesh.weldedVertices)} welded simulation vertices` : ''}, ${count(mesh.triangles)} triangles`}
                >
                  {count(mesh.renderVertices)} verts{mesh.weldedVertices !== null ? ` · ${count(mesh.weldedVertices)} sim` : ''} · {count(mesh.triangles)} tris
                </span>
              </div>
              <label className="row-detail row-field" title="Simulated: jiggles; Collider: others bounce off it (once contact exists); Ignored: exported as is">
                <span>Role</span>
                <SelectField
                  className="role-select"
                  label={`Simulation role of ${mesh.name}`}
                  value={meshSettings[mesh.name]?.role ?? 'simulated'}
                  options={MESH_ROLE_OPTIONS}
                  onChange={(role) => setMeshRole(mesh.name, role)}
                />
              </label>
            </li>
          ))}
        </ul>
      </OutlinerSection>
      <OutlinerSection id="outliner-clips" title="Clips" count={clips.length}>
        {clips.length === 0 ? <p className="empty-hint">No animation</p> : null}
        <ul className="outliner-list" data-testid="clip-list">
          {clips.map((clip, index) => (
            <li key={clip.name}>
              <div
                className={`outliner-row${index === activeClip ? ' active' : ''}`}
                role="button"
                tabIndex={0}
                aria-pressed={index === activeClip}
                onClick={() => setActiveClip(index)}
                onDoubleClick={() => {
                  setActiveClip(index);
                  setPlaying(true);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') setActiveClip(index);
                }}
                data-testid="clip-row"
                data-name={clip.name}
                title={`Put ${clip.name} on the timeline (double-click: play it)`}
              >
                <Icon name="clip" />
                <span className="row-name" title={clip.name}>
                  {clip.name}
                </span>
                <span className="row-meta">{clip.duration.toFixed(2)} s</span>
              </div>
              <div className="row-detail">
                <span>
                  {clip.channels} channel{clip.channels === 1 ? '' : 's'}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </OutlinerSection>
      {warnings.length > 0 ? (
        <OutlinerSection id="outliner-warnings" title="Import notes" count={warnings.length}>
          <ul className="warning-list">
            {warnings.map((warning, index) => (
              <li key={index}>{warning}</li>
            ))}
          </ul>
        </OutlinerSection>
      ) : null}
    </aside>
  );
}
