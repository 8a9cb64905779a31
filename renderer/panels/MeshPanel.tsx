/**
 * Physics of one mesh (the outliner's selection, else the first simulated mesh): role, material preset
 * with Young's modulus, Poisson ratio, density and damping in the units artists quote them, the
 * attachment stiffness κ that holds it to the animation, solver substeps and iterations, lattice
 * resolution, gravity. Empty fields show the preset's or engine's value as placeholder.
 */
import type { ReactElement } from 'react';
import { MATERIAL_PRESET_NAMES, MATERIAL_PRESETS, MESH_DEFAULTS } from '../../app/bake/index.ts';
import type { MaterialPreset, MeshRole } from '../../app/document/index.ts';
import { MESH_SETTING_RANGES, overlapStore, useOverlap } from '../store/index.ts';
import { NumberField, Row, Section } from './formControls.tsx';

const PRESET_LABELS: Record<MaterialPreset, string> = { flesh: 'Flesh', jelly: 'Jelly', stiffRubber: 'Stiff rubber', cloth: 'Cloth (no lattice)' };
const ROLE_LABELS: Record<MeshRole, string> = { simulated: 'Simulated', collider: 'Collider', ignored: 'Ignored' };
const DEFAULT_KAPPA = 1000;

export function MeshPanel(): ReactElement {
  const meshes = useOverlap((state) => state.meshes);
  const selected = useOverlap((state) => state.selectedMesh);
  const meshSettings = useOverlap((state) => state.meshSettings);
  const running = useOverlap((state) => state.bakeJob.kind === 'running');
  const name = selected ?? meshes.find((mesh) => meshSettings[mesh.name]?.role === 'simulated')?.name ?? meshes[0]?.name ?? null;
  const settings = name ? meshSettings[name] : undefined;
  const { setMeshSettings, setMeshRole } = overlapStore.getState();
  if (!name || !settings) {
    return (
      <Section title="Mesh physics" testId="mesh-panel" hint="Physics settings of the selected mesh">
        <p className="empty-hint">No mesh</p>
      </Section>
    );
  }
  const preset = MATERIAL_PRESETS[settings.preset];
  const set = (change: Parameters<typeof setMeshSettings>[1]): void => setMeshSettings(name, change);
  return (
    <Section title={`Mesh physics · ${name}`} testId="mesh-panel" hint="Physics settings of the selected mesh (select another in the outliner or the viewport)">
      <fieldset className="form" disabled={running}>
        <Row label="Role" hint="Simulated: jiggles; Collider: others bounce off it (once contact exists); Ignored: exported as is">
          <select
            value={settings.role}
            onChange={(event) => setMeshRole(name, event.target.value as MeshRole)}
            aria-label={`Role of ${name}`}
            data-testid="mesh-role"
          >
            {(Object.keys(ROLE_LABELS) as MeshRole[]).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Row>
        <Row label="Material" hint="A preset material at real scale; the fields below override it">
          <select
            value={settings.preset}
            onChange={(event) => set({ preset: event.target.value as MaterialPreset })}
            aria-label="Material preset"
            data-testid="mesh-preset"
          >
            {MATERIAL_PRESET_NAMES.map((item) => (
              <option key={item} value={item}>
                {PRESET_LABELS[item] ?? item}
              </option>
            ))}
          </select>
        </Row>
        <Row
          label="Young’s E"
          hint="Stiffness of the material in kilopascals: flesh 5–50 kPa, jelly 1–10 kPa, rubber ~1000 kPa. Higher: faster, smaller wobble"
        >
          <NumberField
            label="Young's modulus in kilopascals"
            value={settings.youngsModulus === undefined ? null : settings.youngsModulus / 1000}
            placeholder={String(preset.youngsModulus / 1000)}
            min={MESH_SETTING_RANGES.youngsModulus[0] / 1000}
            step="any"
            onCommit={(value) => set({ youngsModulus: value === null ? undefined : value * 1000 })}
            testId="mesh-youngs"
          />
          <span className="unit">kPa</span>
        </Row>
        <Row label="Poisson ν" hint="How much the material keeps its volume, 0–0.49 (flesh 0.45: nearly incompressible)">
          <NumberField
            label="Poisson ratio"
            value={settings.poissonRatio ?? null}
            placeholder={String(preset.poissonRatio)}
            min={0}
            max={0.49}
            step={0.01}
            onCommit={(value) => set({ poissonRatio: value ?? undefined })}
            testId="mesh-poisson"
          />
        </Row>
        <Row label="Density ρ" hint="Mass per volume in kg/m³ (water 1000). Heavier: slower, larger swings">
          <NumberField
            label="Density in kilograms per cubic metre"
            value={settings.density ?? null}
            placeholder={String(preset.density)}
            min={1}
            step="any"
            onCommit={(value) => set({ density: value ?? undefined })}
            testId="mesh-density"
          />
          <span className="unit">kg/m³</span>
        </Row>
        <Row label="Damping β" hint="Stiffness-proportional damping in seconds: higher settles faster (flesh 0.004 s)">
          <NumberField
            label="Damping in seconds"
            value={settings.damping ?? null}
            placeholder={String(preset.damping)}
            min={0}
            max={1}
            step={0.001}
            onCommit={(value) => set({ damping: value ?? undefined })}
            testId="mesh-damping"
          />
          <span className="unit">s</span>
        </Row>
        <Row
          label="Attach κ"
          hint="How strongly weights below 1 hold the mesh to the animation, in 1/s² (spring k = m·κ·(1−w)/w; default 1000 ≈ 5 Hz at w = ½)"
        >
          <NumberField
            label="Attachment stiffness kappa"
            value={settings.attachmentStiffness ?? null}
            placeholder={String(DEFAULT_KAPPA)}
            min={0}
            step="any"
            onCommit={(value) => set({ attachmentStiffness: value ?? undefined })}
            testId="mesh-kappa"
          />
          <span className="unit">1/s²</span>
        </Row>
        <Row
          label="Substeps"
          hint="Solver steps per frame: more for fast motion or stiff materials (default 4; cloth: as many as its stiffness needs to converge, up to 64, shown in the bake's report)"
        >
          <NumberField
            label="Substeps per frame"
            value={settings.substeps ?? null}
            placeholder={preset.model === 'stvk' ? 'auto' : String(MESH_DEFAULTS.substeps)}
            min={1}
            max={64}
            onCommit={(value) => set({ substeps: value ?? undefined })}
            testId="mesh-substeps"
          />
        </Row>
        <Row label="Iterations" hint="Solver iterations per substep: more converges further (default 6)">
          <NumberField
            label="Iterations per substep"
            value={settings.iterations ?? null}
            placeholder={String(MESH_DEFAULTS.iterations)}
            min={1}
            max={200}
            onCommit={(value) => set({ iterations: value ?? undefined })}
            testId="mesh-iterations"
          />
        </Row>
        <Row label="Lattice" hint="Cells along the mesh's longest side: finer follows the surface more closely and costs more (default 12)">
          <NumberField
            label="Lattice resolution"
            value={settings.latticeResolution ?? null}
            placeholder={String(MESH_DEFAULTS.latticeResolution)}
            min={2}
            max={64}
            onCommit={(value) => set({ latticeResolution: value ?? undefined })}
            testId="mesh-lattice"
          />
          <span className="unit">cells</span>
        </Row>
        <Row label="Gravity" hint="Simulate gravity on this mesh. Off by default: the modelled shape already hangs under gravity, so it would sag twice">
          <input
            type="checkbox"
            checked={settings.gravity}
            onChange={(event) => set({ gravity: event.target.checked })}
            aria-label="Gravity"
            data-testid="mesh-gravity"
          />
          <span className="checkbox-text">9.81 m/s² down</span>
        </Row>
        <Row label="Contact" hint="Set the role to Collider in the outliner for a mesh the simulated ones collide with; self-contact is in the Bake panel">
          <span className="muted-text">
            {settings.role === 'collider' ? 'collides with the simulated meshes' : 'role Collider, or Self-contact in the Bake panel'}
          </span>
        </Row>
      </fieldset>
    </Section>
  );
}
