/**
 * Physics of one mesh (the outliner's selection, else the first simulated mesh): role, material preset
 * with Young's modulus, Poisson ratio, density and damping in the units artists quote them, the
 * attachment stiffness κ that holds it to the animation, solver substeps and iterations, lattice
 * resolution, gravity. Empty fields show the preset's or engine's value as placeholder.
 */
import type { ReactElement } from 'react';
import { MATERIAL_PRESET_NAMES, MATERIAL_PRESETS, MESH_DEFAULTS } from '../../app/bake/index.ts';
import type { Material, MaterialPreset } from '../../app/document/index.ts';
import { MESH_SETTING_RANGES, overlapStore, useOverlap } from '../store/index.ts';
import { CheckboxField, NumberField, Row, SelectField, Section } from './formControls.tsx';
import { MESH_ROLE_OPTIONS } from './meshRoleOptions.ts';

const PRESET_LABELS: Record<MaterialPreset, string> = { flesh: 'Flesh', jelly: 'Jelly', stiffRubber: 'Stiff rubber', cloth: 'Cloth (no lattice)' };
const PRESET_OPTIONS = MATERIAL_PRESET_NAMES.map((item) => [item, PRESET_LABELS[item] ?? item] as const);
const DEFAULT_KAPPA = 1000;

/**
 * One numeric setting of the panel: the row's label and tooltip, the field's accessible label, its range and step in
 * the units shown, and `scale` (stored value = shown value × scale; kPa shown for Young's modulus stored in Pa).
 */
interface NumberFieldRow {
  key: 'youngsModulus' | 'poissonRatio' | 'density' | 'damping' | 'attachmentStiffness' | 'substeps' | 'iterations' | 'latticeResolution';
  row: string;
  hint: string;
  label: string;
  unit?: string;
  scale?: number;
  min: number;
  max?: number;
  step?: number | 'any';
  /** what an empty field means: the preset's or the engine's value */
  placeholder(preset: Readonly<Material>): string;
  testId: string;
}

const NUMBER_FIELDS: readonly NumberFieldRow[] = [
  {
    key: 'youngsModulus',
    row: 'Young’s E',
    hint: 'Stiffness of the material in kilopascals: flesh 5–50 kPa, jelly 1–10 kPa, rubber ~1000 kPa. Higher: faster, smaller wobble',
    label: "Young's modulus in kilopascals",
    unit: 'kPa',
    scale: 1000,
    min: MESH_SETTING_RANGES.youngsModulus[0] / 1000,
    step: 'any',
    placeholder: (preset) => String(preset.youngsModulus / 1000),
    testId: 'mesh-youngs',
  },
  {
    key: 'poissonRatio',
    row: 'Poisson ν',
    hint: 'How much the material keeps its volume, 0–0.49 (flesh 0.45: nearly incompressible)',
    label: 'Poisson ratio',
    min: 0,
    max: 0.49,
    step: 0.01,
    placeholder: (preset) => String(preset.poissonRatio),
    testId: 'mesh-poisson',
  },
  {
    key: 'density',
    row: 'Density ρ',
    hint: 'Mass per volume in kg/m³ (water 1000). Heavier: slower, larger swings',
    label: 'Density in kilograms per cubic metre',
    unit: 'kg/m³',
    min: 1,
    step: 'any',
    placeholder: (preset) => String(preset.density),
    testId: 'mesh-density',
  },
  {
    key: 'damping',
    row: 'Damping β',
    hint: 'Stiffness-proportional damping in seconds: higher settles faster (flesh 0.004 s)',
    label: 'Damping in seconds',
    unit: 's',
    min: 0,
    max: 1,
    step: 0.001,
    placeholder: (preset) => String(preset.damping),
    testId: 'mesh-damping',
  },
  {
    key: 'attachmentStiffness',
    row: 'Attach κ',
    hint: 'How strongly weights below 1 hold the mesh to the animation, in 1/s² (spring k = m·κ·(1−w)/w; default 1000 ≈ 5 Hz at w = ½)',
    label: 'Attachment stiffness kappa',
    unit: '1/s²',
    min: 0,
    step: 'any',
    placeholder: () => String(DEFAULT_KAPPA),
    testId: 'mesh-kappa',
  },
  {
    key: 'substeps',
    row: 'Substeps',
    hint: "Solver steps per frame: more for fast motion or stiff materials (default 4; cloth: as many as its stiffness needs to converge, up to 64, shown in the bake's report)",
    label: 'Substeps per frame',
    min: 1,
    max: 64,
    placeholder: (preset) => (preset.model === 'stvk' ? 'auto' : String(MESH_DEFAULTS.substeps)),
    testId: 'mesh-substeps',
  },
  {
    key: 'iterations',
    row: 'Iterations',
    hint: 'Solver iterations per substep: more converges further (default 6)',
    label: 'Iterations per substep',
    min: 1,
    max: 200,
    placeholder: () => String(MESH_DEFAULTS.iterations),
    testId: 'mesh-iterations',
  },
  {
    key: 'latticeResolution',
    row: 'Lattice',
    hint: "Cells along the mesh's longest side: finer follows the surface more closely and costs more (default 12)",
    label: 'Lattice resolution',
    unit: 'cells',
    min: 2,
    max: 64,
    placeholder: () => String(MESH_DEFAULTS.latticeResolution),
    testId: 'mesh-lattice',
  },
];

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
          <SelectField
            value={settings.role}
            options={MESH_ROLE_OPTIONS}
            onChange={(role) => setMeshRole(name, role)}
            label={`Role of ${name}`}
            testId="mesh-role"
          />
        </Row>
        <Row label="Material" hint="A preset material at real scale; the fields below override it">
          <SelectField
            value={settings.preset}
            options={PRESET_OPTIONS}
            onChange={(item) => set({ preset: item })}
            label="Material preset"
            testId="mesh-preset"
          />
        </Row>
        {NUMBER_FIELDS.map((field) => {
          const value = settings[field.key];
          const scale = field.scale ?? 1;
          return (
            <Row key={field.key} label={field.row} hint={field.hint}>
              <NumberField
                label={field.label}
                value={value === undefined ? null : value / scale}
                placeholder={field.placeholder(preset)}
                min={field.min}
                max={field.max}
                step={field.step}
                onCommit={(entered) => set({ [field.key]: entered === null ? undefined : entered * scale })}
                testId={field.testId}
              />
              {field.unit ? <span className="unit">{field.unit}</span> : null}
            </Row>
          );
        })}
        <Row label="Gravity" hint="Simulate gravity on this mesh. Off by default: the modelled shape already hangs under gravity, so it would sag twice">
          <CheckboxField checked={settings.gravity} onChange={(gravity) => set({ gravity })} label="Gravity" text="9.81 m/s² down" testId="mesh-gravity" />
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
