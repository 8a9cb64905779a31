/**
 * The Paint panel's Layers section: the base weights and the painted mesh's weight layers (keyed on and
 * off in time, e.g. the tail free while running and pinned while sitting), which one the brush paints on,
 * and Add layer.
 */
import type { ReactElement } from 'react';
import { paintDocument } from '../../paint/paintRegistry.ts';
import { frameAt, overlapStore, useOverlap } from '../../store/index.ts';

let nextLayer = 1;

/** @param mesh  the painted mesh's name */
export function PaintLayers({ mesh }: { mesh: string }): ReactElement {
  const documentId = useOverlap((state) => state.documentId);
  const layers = useOverlap((state) => state.layers);
  const activeLayer = useOverlap((state) => state.activeLayer);
  const frame = useOverlap((state) => frameAt(state.clipTime, state.fps));
  const state = overlapStore.getState();
  const meshLayers = layers.filter((layer) => layer.mesh === mesh);
  const addLayer = (): void => {
    const paint = paintDocument(documentId);
    if (!paint) return;
    let id = `layer-${nextLayer++}`;
    while (paint.layers.has(id) || state.layers.some((layer) => layer.id === id)) id = `layer-${nextLayer++}`;
    paint.createLayer(id, mesh);
    state.addLayer({ id, name: `Layer ${meshLayers.length + 1}`, mesh, keys: [], enabled: true });
  };
  return (
    <>
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
                <input
                  className="layer-name-input"
                  value={layer.name}
                  aria-label="Layer name"
                  title="Layer name"
                  onChange={(event) => state.setLayer(layer.id, { name: event.target.value })}
                />
              </label>
              <span className="layer-actions">
                <label className="inline-check" title="Apply this layer (off: kept but not applied)">
                  <input
                    type="checkbox"
                    checked={layer.enabled}
                    onChange={(event) => state.setLayer(layer.id, { enabled: event.target.checked })}
                    aria-label={`Apply ${layer.name}`}
                  />
                  on
                </label>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => state.keyLayer(layer.id, frame, 1)}
                  title={`Key the layer fully on at frame ${frame} (the influence ramps linearly between keys)`}
                  data-testid="layer-key-on"
                >
                  Key on
                </button>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => state.keyLayer(layer.id, frame, 0)}
                  title={`Key the layer off at frame ${frame}`}
                  data-testid="layer-key-off"
                >
                  Key off
                </button>
                {key ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => state.removeLayerKey(layer.id, frame)}
                    title={`Delete the key at frame ${frame}`}
                  >
                    Unkey
                  </button>
                ) : null}
                <button type="button" className="link-button danger" onClick={() => state.removeLayer(layer.id)} title="Delete this layer (undoable)">
                  Delete
                </button>
              </span>
              <span className="layer-keys" title="Keys: frame → influence">
                {layer.keys.length === 0
                  ? 'always on'
                  : layer.keys
                      .map((item) => `${item.frame}: ${item.influence === 1 ? 'on' : item.influence === 0 ? 'off' : item.influence.toFixed(2)}`)
                      .join(' · ')}
              </span>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="secondary-button small"
        onClick={addLayer}
        title="Add a weight layer on this mesh and paint on it; key it on and off on the timeline"
        data-testid="layer-add"
      >
        Add layer
      </button>
    </>
  );
}
