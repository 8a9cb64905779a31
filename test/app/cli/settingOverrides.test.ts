// Key lookups that only see own keys (issue 35, item 4): user text that names a field (`--set KEY=…`, a project's
// and a scene's keys, a mesh name) never finds a member of Object.prototype. `--set constructor=1` exited 0 with a
// setting nobody reads (plain-object lookups in settingOverrides.ts); docs/farm.md promises exit 2 for an unknown key.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BakeOptions } from '../../../app/bake/index.ts';
import { applySettingOverrides } from '../../../app/cli/settingOverrides.ts';
import { CliError } from '../../../app/cli/cliError.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';
import { runCli } from '../../helpers/runCli.ts';

/** Every name Object.prototype carries: constructor, __proto__, toString, hasOwnProperty, valueOf, __defineGetter__… */
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;
const cantilever = new URL('../../fixtures/scenes/cantilever.json', import.meta.url).pathname;
const clothOnSphere = new URL('../../fixtures/scenes/cloth-on-sphere.json', import.meta.url).pathname;

describe('--set KEY=VALUE sees only the settable keys', () => {
  it('every Object.prototype name, as a bake key, a `bake.` key, a mesh setting and a material parameter, is an unknown key (exit 2)', () => {
    expect(PROTOTYPE_NAMES.length, 'the names under test').toBeGreaterThanOrEqual(12);
    for (const name of PROTOTYPE_NAMES) {
      for (const key of [name, `bake.${name}`, `meshes.Blob.${name}`, `meshes.*.${name}`, `meshes.Blob.material.${name}`]) {
        const options: BakeOptions = {};
        let thrown: unknown = null;
        try {
          applySettingOverrides(options, [`${key}=1`]);
        } catch (error) {
          thrown = error;
        }
        expect(thrown, `--set ${key}=1 is refused`).toBeInstanceOf(CliError);
        expect((thrown as CliError).exitCode, `--set ${key}=1: exit 2`).toBe(2);
        expect((thrown as CliError).message, `--set ${key}=1: says the key is unknown`).toMatch(/unknown (mesh )?setting/);
        expect(Object.getPrototypeOf(options), `--set ${key}=1 leaves the options a plain object`).toBe(Object.prototype);
        expect(Object.keys(options), `--set ${key}=1 sets nothing`).toEqual([]);
      }
    }
  });

  it('through the command line too: exit 2 naming the key, for the keys the issue found accepted', async () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'bake.__proto__', 'meshes.Blob.constructor', 'meshes.Blob.toString']) {
      const result = await runCli('bake', samplePath, '--clip', 'Bounce', '--dry-run', '--set', `${key}=1`);
      expect(result.status, `--set ${key}=1: ${result.stderr}`).toBe(2);
      expect(result.stderr, `--set ${key}=1 names the key`).toMatch(/unknown (mesh )?setting/);
    }
  });

  it('a mesh named like an Object.prototype member is a mesh name: unknown here, exit 2 naming it; never another mesh', async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      const result = await runCli('bake', samplePath, '--clip', 'Bounce', '--dry-run', '--set', `meshes.${name}.preset=jelly`);
      expect(result.status, `meshes.${name}: ${result.stderr}`).toBe(2);
      expect(result.stderr, `meshes.${name}: no such mesh`).toMatch(new RegExp(`no mesh "${name.replace(/[_]/g, '_')}"`));
    }
  });
});

describe('project and scene keys named like Object.prototype members', () => {
  const { folder, write } = scratchFolder('overlap-keys-');
  /** An object literal's JSON with every prototype name as an own key (JSON.parse makes `__proto__` an own key too). */
  const withEveryName = (fields: Record<string, unknown>): string => {
    const entries = [
      ...Object.entries(fields).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`),
      ...PROTOTYPE_NAMES.map((name) => `${JSON.stringify(name)}:{"fps":1,"mesh":"Blob"}`),
    ];
    return `{${entries.join(',')}}`;
  };
  /** A version 1 project of these mesh entries that bakes frames 0–2 of the sample's Bounce. */
  const projectJson = (meshes: unknown[]): string =>
    JSON.stringify({ format: 'overlap-project', version: 1, meshes, bake: { clip: 'Bounce', frames: [0, 2] } });
  const settingsOf = (stdout: string) => (JSON.parse(stdout) as { settings: unknown }).settings;

  it('in a project (root, bake, a mesh entry, its material, a weights entry): ignored or refused, never an internal error, never a setting', async () => {
    const plain = write('plain.json', projectJson([{ mesh: 'Blob', role: 'simulated', latticeResolution: 6 }]));
    const reference = await runCli('bake', samplePath, '--project', plain, '--dry-run');
    expect(reference.status, reference.stderr).toBe(0);
    const places: Record<string, string> = {
      root: `{"format":"overlap-project","version":1,"meshes":[{"mesh":"Blob","role":"simulated","latticeResolution":6}],"bake":{"clip":"Bounce","frames":[0,2]},${withEveryName({}).slice(1, -1)}}`,
      bake: `{"format":"overlap-project","version":1,"meshes":[{"mesh":"Blob","role":"simulated","latticeResolution":6}],"bake":${withEveryName({ clip: 'Bounce', frames: [0, 2] })}}`,
      mesh: `{"format":"overlap-project","version":1,"meshes":[${withEveryName({ mesh: 'Blob', role: 'simulated', latticeResolution: 6 })}],"bake":{"clip":"Bounce","frames":[0,2]}}`,
      material: `{"format":"overlap-project","version":1,"meshes":[{"mesh":"Blob","role":"simulated","latticeResolution":6,"material":${withEveryName({})}}],"bake":{"clip":"Bounce","frames":[0,2]}}`,
      weights: `{"format":"overlap-project","version":1,"meshes":[{"mesh":"Blob","role":"simulated","latticeResolution":6}],"weights":[${withEveryName({ mesh: 'Blob', values: [] })}],"bake":{"clip":"Bounce","frames":[0,2]}}`,
    };
    for (const [place, text] of Object.entries(places)) {
      const project = write(`${place}.json`, text);
      const result = await runCli('bake', samplePath, '--project', project, '--dry-run');
      expect([0, 2], `${place}: exit 0 or 2 (${result.stderr})`).toContain(result.status);
      expect(result.stderr, `${place}: no internal error`).not.toMatch(/internal error/);
      if (result.status === 0) expect(settingsOf(result.stdout), `${place}: the same settings as without those keys`).toEqual(settingsOf(reference.stdout));
      else expect(result.stderr, `${place}: names the project`).toContain(project);
    }
  }, 60_000);

  it('mesh names in a project and a weights file: each is an unknown mesh (a warning naming it), never a lookup of a member', async () => {
    const project = write(
      'names.json',
      projectJson([{ mesh: 'Blob', role: 'simulated', latticeResolution: 6 }, ...PROTOTYPE_NAMES.map((mesh) => ({ mesh, role: 'simulated' }))]),
    );
    const weights = write('weights.json', JSON.stringify({ weights: PROTOTYPE_NAMES.map((mesh) => ({ mesh, value: 0.5 })) }));
    const result = await runCli('bake', samplePath, '--project', project, '--weights', weights, '--dry-run');
    expect(result.status, result.stderr).toBe(0);
    const warnings = (JSON.parse(result.stdout) as { warnings: Array<{ message: string }> }).warnings.map((w) => w.message).join('\n');
    for (const name of PROTOTYPE_NAMES) {
      expect(warnings, `the project's mesh "${name}" is unknown`).toContain(`the project has settings for mesh "${name}"`);
      expect(warnings, `the weights file's mesh "${name}" is unknown`).toContain(`the weights file has weights for mesh "${name}"`);
    }
  });

  it('in a scene (root, material, contact): an unknown field, exit 2 naming it', async () => {
    const scene = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(cantilever, 'utf8'))) as Record<string, unknown>;
    const contactScene = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(clothOnSphere, 'utf8'))) as Record<string, unknown>;
    const out = join(folder, 'never.json');
    for (const name of PROTOTYPE_NAMES) {
      const cases: Array<[string, string]> = [
        ['root', `{${JSON.stringify(scene).slice(1, -1)},${JSON.stringify(name)}:1}`],
        ['material', JSON.stringify(scene).replace('"material":{', `"material":{${JSON.stringify(name)}:1,`)],
        ['contact', JSON.stringify(contactScene).replace('"contact":{', `"contact":{${JSON.stringify(name)}:1,`)],
      ];
      for (const [place, text] of cases) {
        expect(text, `${place}: the key is in the file`).toContain(JSON.stringify(name));
        const path = write(`scene-${place}.json`, text);
        const result = await runCli('simulate', path, '--out', out);
        expect(result.status, `${place}.${name}: ${result.stderr}`).toBe(2);
        expect(result.stderr, `${place}.${name}: names the field`).toContain(name);
      }
    }
  });
});
