/**
 * The Paint panel (in paint mode): which mesh is painted, the weight layers (the base, and layers
 * keyed on and off in time, e.g. the tail free while running and pinned while sitting), the vertex
 * selection (select all, none, invert, by skin bone) and what to do with it: fill its weights, fill
 * smoothly between it (Laplacian fill), pin it to the animation, give it a max distance, clear limits;
 * the backstop of the mesh's limited vertices; the mesh's keyed pose corrections (made with the Pose tool: on/off, ease in/out, go to
 * one, delete one).
 */
import { useMemo, useState, type ReactElement } from 'react';
import { paintDocument } from '../paint/paintRegistry.ts';
import { fillWeights, laplacianFill, limitSelection, meshBones, paintSession, paintTargetMesh, resetWeights, selectByBone, selectionChanged } from '../paint/paintSession.ts';
import { frameAt, overlapStore, useOverlap } from '../store/index.ts';
import { NumberField, Row, Section } from './formControls.tsx';

let nextLayer = 1;

export function PaintPanel(): ReactElement | null {
  const paintMode = useOverlap((state) => state.paintMode);
  const documentId = useOverlap((state) => state.documentId);
  useOverlap((state) => state.selectedMesh);
  useOverlap((state) => state.meshSettings);
  const layers = useOverlap((state) => state.layers);
  const activeLayer = useOverlap((state) => state.activeLayer);
  const selectionCount = useOverlap((state) => state.selectionCount);
  const poseCorrections = useOverlap((state) => state.poseCorrections);
  const frame = useOverlap((state) => frameAt(state.clipTime, state.fps));
  const backstop = useOverlap((state) => {
    const mesh = paintTargetMesh(overlapStore);
    return mesh ? (state.meshSettings[mesh]?.backstop ?? null) : null;
  });
  const [fillValue, setFillValue] = useState(1);
  const [limitCm, setLimitCm] = useState(2);
  const [bone, setBone] = useState(0);
  const [descendants, setDescendants] = useState(true);
  const mesh = paintMode ? paintTargetMesh(overlapStore) : null;
  const bones = useMemo(() => (mesh ? meshBones(documentId, mesh) : []), [documentId, mesh]);
  if (!paintMode || !mesh) return null;
  const state = overlapStore.getState();
  const notify = (text: string | null): void => void (text && state.notify('warning', `Paint: ${text}`, 'paint'));
  const meshLayers = layers.filter((layer) => layer.mesh === mesh);
  const tools = (): ReturnType<NonNullable<ReturnType<typeof paintSession>>['tools']> => paintSession(documentId)?.tools(mesh) ?? null;
  const select = (how: 'all' | 'none' | 'invert'): void => {
    const made = tools();
    if (!made) return;
    const selection = made.paint.selection;
    for (let v = 0; v < selection.length; v++) selection[v] = how === 'all' ? 1 : how === 'none' ? 0 : 1 - selection[v];
    selectionChanged(overlapStore, made);
  };
  const addLayer = (): void => {
    const paint = paintDocument(documentId);
    if (!paint) return;
    let id = `layer-${nextLayer++}`;
    while (paint.layers.has(id) || state.layers.some((layer) => layer.id === id)) id = `layer-${nextLayer++}`;
    paint.createLayer(id, mesh);
    state.addLayer({ id, name: `Layer ${meshLayers.length + 1}`, mesh, keys: [], enabled: true });
  };
  return (
    <Section title={`Paint · ${mesh}`} testId="paint-panel" hint="Weight layers, vertex selection, pins and limits of the painted mesh (select another mesh in the outliner)">
      <div className="form">
        <h3 className="subheading">Layers</h3>
        <ul className="layer-list" aria-label="Layer to paint on" data-testid="layer-list">
          <li>
            <label className="layer-row" title="The base weights: what the mesh has at every frame unless a layer overrides it">
              <input type="radio" name="paint-layer" checked={activeLayer === null} onChange={() => state.setActiveLayer(null)} data-testid="layer-base" />
              <span className="layer-name">Base weights</span>
            </label>
          </li>
          {meshLayers.map((layer) => {
            const key = layer.keys.find((item) => item.frame === frame);
            return (
              <li key={layer.id} data-testid="layer-row" data-id={layer.id}>
                <label className="layer-row" title="Paint on this layer: it overrides the base weights where painted, by its keyed influence">
                  <input type="radio" name="paint-layer" checked={activeLayer === layer.id} onChange={() => state.setActiveLayer(layer.id)} />
                  <input className="layer-name-input" value={layer.name} aria-label="Layer name" title="Layer name" onChange={(event) => state.setLayer(layer.id, { name: event.target.value })} />
                </label>
                <span className="layer-actions">
                  <label className="inline-check" title="Apply this layer (off: kept but not applied)">
                    <input type="checkbox" checked={layer.enabled} onChange={(event) => state.setLayer(layer.id, { enabled: event.target.checked })} aria-label={`Apply ${layer.name}`} />
                    on
                  </label>
                  <button type="button" className="link-button" onClick={() => state.keyLayer(layer.id, frame, 1)} title={`Key the layer fully on at frame ${frame} (the influence ramps linearly between keys)`} data-testid="layer-key-on">
                    Key on
                  </button>
                  <button type="button" className="link-button" onClick={() => state.keyLayer(layer.id, frame, 0)} title={`Key the layer off at frame ${frame}`} data-testid="layer-key-off">
                    Key off
                  </button>
                  {key ? (
                    <button type="button" className="link-button" onClick={() => state.removeLayerKey(layer.id, frame)} title={`Delete the key at frame ${frame}`}>
                      Unkey
                    </button>
                  ) : null}
                  <button type="button" className="link-button danger" onClick={() => state.removeLayer(layer.id)} title="Delete this layer (undoable)">
                    Delete
                  </button>
                </span>
                <span className="layer-keys" title="Keys: frame → influence">
                  {layer.keys.length === 0 ? 'always on' : layer.keys.map((item) => `${item.frame}: ${item.influence === 1 ? 'on' : item.influence === 0 ? 'off' : item.influence.toFixed(2)}`).join(' · ')}
                </span>
              </li>
            );
          })}
        </ul>
        <button type="button" className="secondary-button small" onClick={addLayer} title="Add a weight layer on this mesh and paint on it; key it on and off on the timeline" data-testid="layer-add">
          Add layer
        </button>

        <h3 className="subheading">Selection · {selectionCount.toLocaleString('en-US')} vertices</h3>
        <div className="button-line">
          <button type="button" className="secondary-button small" onClick={() => select('all')} title="Select every vertex of the mesh" data-testid="select-all">
            All
          </button>
          <button type="button" className="secondary-button small" onClick={() => select('none')} title="Clear the selection" data-testid="select-none">
            None
          </button>
          <button type="button" className="secondary-button small" onClick={() => select('invert')} title="Invert the selection" data-testid="select-invert">
            Invert
          </button>
        </div>
        {bones.length > 0 ? (
          <Row label="By bone" hint="Select the vertices bound mostly to a bone (largest skin weight), e.g. everything on the head" plain>
            <select value={bone} onChange={(event) => setBone(Number(event.target.value))} aria-label="Bone" title="Bone" data-testid="select-bone">
              {bones.map((name, index) => (
                <option key={index} value={index}>
                  {name}
                </option>
              ))}
            </select>
            <label className="inline-check" title="Also the bones below it (the whole tail from its root)">
              <input type="checkbox" checked={descendants} onChange={(event) => setDescendants(event.target.checked)} aria-label="Include child bones" />
              children
            </label>
            <button type="button" className="secondary-button small" onClick={() => selectByBone(overlapStore, mesh, bone, descendants, 'replace')} title="Select the vertices bound mostly to this bone" data-testid="select-by-bone">
              Select
            </button>
          </Row>
        ) : null}

        <h3 className="subheading">Weights</h3>
        <Row label="Fill" hint="Set the weight of the selected vertices (every vertex without a selection) on the layer being painted" plain>
          <NumberField label="Fill weight" value={fillValue} min={0} max={1} step={0.05} onCommit={(value) => setFillValue(Math.min(1, Math.max(0, value ?? 0)))} testId="fill-value" />
          <button type="button" className="secondary-button small" onClick={() => fillWeights(overlapStore, mesh, fillValue)} title="Flood fill: set this weight (undoable)" data-testid="fill-weights">
            Fill
          </button>
        </Row>
        <div className="button-line">
          <button type="button" className="secondary-button small" onClick={() => notify(laplacianFill(overlapStore, mesh))} title="Keep the selected vertices' weights and fill every other vertex smoothly between them (Laplacian interpolation)" data-testid="laplacian-fill">
            Smooth fill from selection
          </button>
          <button type="button" className="secondary-button small" onClick={() => resetWeights(overlapStore, mesh)} title="Back to the engine's default weights (undoable)" data-testid="reset-weights">
            Reset to default
          </button>
        </div>

        <h3 className="subheading">Pins and limits</h3>
        <div className="button-line">
          <button type="button" className="primary-button small" onClick={() => notify(limitSelection(overlapStore, mesh, 0))} title="Pin the selected vertices to the animation (max distance 0: they follow it exactly)" data-testid="pin-selection">
            Pin selection
          </button>
          <button type="button" className="secondary-button small" onClick={() => notify(limitSelection(overlapStore, mesh, Infinity))} title="Remove the pins and limits of the selected vertices" data-testid="clear-limits">
            Clear limits
          </button>
        </div>
        <Row label="Max dist." hint="The selected vertices never get farther than this from their animated position (a hard limit, as Unity Cloth's max distance)" plain>
          <NumberField label="Max distance in centimetres" value={limitCm} min={0} step={0.5} onCommit={(value) => setLimitCm(Math.max(0, value ?? 0))} testId="limit-value" />
          <span className="unit">cm</span>
          <button type="button" className="secondary-button small" onClick={() => notify(limitSelection(overlapStore, mesh, limitCm / 100))} title="Limit the selected vertices to this distance" data-testid="limit-selection">
            Limit
          </button>
        </Row>
        <Row label="Backstop" hint="Keeps limited vertices from sinking into the body: a sphere of this radius [cm] behind each one they may not enter (empty: off)">
          <NumberField label="Backstop radius in centimetres" value={backstop ? backstop.radius * 100 : null} placeholder="off" min={0} step={0.5} onCommit={(value) => state.setMeshSettings(mesh, { backstop: value && value > 0 ? { radius: value / 100, distance: backstop?.distance ?? 0 } : null })} testId="backstop-radius" />
          <span className="unit">cm</span>
        </Row>

        <h3 className="subheading">Pose corrections</h3>
        <ul className="layer-list" aria-label="Pose corrections" data-testid="pose-correction-list">
          {poseCorrections.filter((correction) => correction.mesh === mesh).length === 0 ? <li className="form-note">None: pick the Pose tool, select vertices and drag the gizmo</li> : null}
          {poseCorrections
            .filter((correction) => correction.mesh === mesh)
            .map((correction) => (
              <li key={correction.id} data-testid="pose-correction-row" data-id={correction.id} className={correction.enabled === false ? 'muted' : undefined}>
                <input
                  type="checkbox"
                  checked={correction.enabled !== false}
                  onChange={(event) => state.updatePoseCorrection(correction.id, { enabled: event.target.checked })}
                  aria-label={`Apply the pose correction at frame ${Math.round(correction.frame * 100) / 100}`}
                  title="Apply this correction (off: kept in the project, not applied to bakes, the preview or exports; undoable)"
                  data-testid="pose-correction-enabled"
                />
                <span className="layer-name" title={`${correction.vertices.length} vertices moved; eases in over ${correction.easeIn} frames and out over ${correction.easeOut}`}>
                  Frame {Math.round(correction.frame * 100) / 100} · {correction.vertices.length} vertices
                </span>
                <span className="pose-ease" title="Frames it eases in over before its frame, and out over after it (undoable)">
                  <NumberField label="Ease in frames" value={correction.easeIn} min={0} max={1000} step={1} onCommit={(value) => state.updatePoseCorrection(correction.id, { easeIn: value ?? 0 })} testId="pose-correction-ease-in" />
                  <NumberField label="Ease out frames" value={correction.easeOut} min={0} max={1000} step={1} onCommit={(value) => state.updatePoseCorrection(correction.id, { easeOut: value ?? 0 })} testId="pose-correction-ease-out" />
                </span>
                <span className="layer-actions">
                  <button type="button" className="link-button" onClick={() => state.scrubTo(correction.frame / state.fps)} title="Go to the correction's frame">
                    Go to
                  </button>
                  <button type="button" className="link-button danger" onClick={() => state.removePoseCorrection(correction.id)} title="Delete this correction (undoable)" data-testid="pose-correction-delete">
                    Delete
                  </button>
                </span>
              </li>
            ))}
        </ul>
      </div>
    </Section>
  );
}
