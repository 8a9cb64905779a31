// The smaller items of issue 35 (item 9), each through the command line: control bytes from a file are escaped in
// every message; duplicate weight entries, duplicate project mesh entries and `values` with `constraints` are refused
// naming the entry (the app's parser's rule); a clip is found by name or index in every command (`eval --clip 0` was
// refused); a bake that simulates nothing says so; warnings about unknown names are summarized after the first few
// (300k unknown mesh names printed 300k lines); ARAP that ends at its cap with constraints it cannot meet warns.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { terminalText } from '../../../app/cli/terminalText.ts';
import { runCli, sampleBounceBake } from '../../helpers/runCli.ts';
import { barMesh } from './barMesh.ts';
import { scratchFolder } from '../../helpers/scratchFolder.ts';

const samplePath = new URL('../../../assets/sample.glb', import.meta.url).pathname;
const dataFolder = new URL('../../../../shared/data/', import.meta.url).pathname;
const noMesh = new URL('../../assets/gltf-validator/base__animation__valid.gltf', import.meta.url).pathname;
/** Raw control characters a terminal acts on (newlines are the messages' own line ends, so they are left out here). */
// eslint-disable-next-line no-control-regex
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** A name that would recolour the terminal, ring its bell, return the cursor, and reverse what follows. */
const HOSTILE = 'Blob\u001b[31mRED\u0007\r\u007f\u202eevil';

const { folder } = scratchFolder('overlap-messages-');
const write = (name: string, content: unknown): string => {
  const path = join(folder, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

describe('control bytes from a file are escaped in every message', () => {
  it('terminalText escapes C0, DEL, C1 and the bidirectional overrides, and keeps every other character', () => {
    expect(terminalText(HOSTILE), 'escaped').toBe('Blob\\x1b[31mRED\\x07\\x0d\\x7f\\u{202e}evil');
    expect(terminalText('Fuß 走る 🦊 "quoted"'), 'other text unchanged').toBe('Fuß 走る 🦊 "quoted"');
  });

  it('clip and mesh names with control bytes: in errors, warnings and the inspect report they arrive escaped', async () => {
    const gltf = JSON.parse(readFileSync(join(dataFolder, 'SimpleSkin.gltf'), 'utf8')) as {
      nodes: Array<Record<string, unknown>>;
      animations: Array<Record<string, unknown>>;
    };
    gltf.nodes[0].name = HOSTILE;
    gltf.animations[0].name = `Walk${HOSTILE}`;
    const file = write('hostile.gltf', gltf);
    const results = [
      await runCli('bake', file, '--clip', 'Fly', '--out', join(folder, 'never.glb')),
      await runCli('inspect', file),
      await runCli('check', file, '--clip', 'Fly'),
      await runCli(
        ...sampleBounceBake('0:1'),
        '--out',
        join(folder, 'hostile.glb'),
        '--project',
        write('hostile-project.json', { format: 'overlap-project', version: 1, meshes: [{ mesh: HOSTILE, role: 'simulated' }] }),
        '--set',
        'meshes.Blob.latticeResolution=6',
      ),
      await runCli('bake', samplePath, '--clip', `Bounce${HOSTILE}`, '--out', join(folder, 'never.glb')),
    ];
    const json = [
      await runCli('inspect', file, '--json'),
      await runCli(
        'bake',
        samplePath,
        '--clip',
        'Bounce',
        '--dry-run',
        '--project',
        join(folder, 'hostile-project.json'),
        '--set',
        'meshes.Blob.latticeResolution=6',
      ),
    ];
    for (const [i, result] of json.entries()) {
      expect(result.status, result.stderr).toBe(0);
      expect(RAW_CONTROL.test(result.stdout), `JSON ${i}: no raw control character`).toBe(false);
      expect(JSON.stringify(JSON.parse(result.stdout)), `JSON ${i}: the name, as the file has it, once parsed`).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    }
    for (const [i, result] of results.entries()) {
      const text = result.stderr + (i === 1 ? result.stdout : '');
      // Escaped by terminalText (\x1b) or, inside a quoted JSON value, by JSON (\u001b): either way, never raw.
      expect(text, `case ${i}: the name is in the message`).toMatch(/Blob(\\x1b|\\u001b)\[31mRED/);
      expect(RAW_CONTROL.test(text), `case ${i}: no raw control character reaches the terminal: ${JSON.stringify(text.slice(0, 300))}`).toBe(false);
    }
  }, 120_000);
});

describe('duplicate entries are refused, naming the entry', () => {
  it('a weights file listing a mesh twice, an entry with values and constraints, a project listing a mesh twice: exit 2', async () => {
    const out = join(folder, 'never.glb');
    const cases: Array<[string, string[], RegExp]> = [
      [
        'weights twice',
        [
          '--weights',
          write('twice.json', {
            weights: [
              { mesh: 'Blob', value: 0.2 },
              { mesh: 'Blob', value: 0.9 },
            ],
          }),
        ],
        /twice\.json: weights file: weights\[1\]: mesh "Blob" is listed twice \(also weights\[0\]\)|twice\.json: weights\[1\]: mesh "Blob" is listed twice \(also weights\[0\]\)/,
      ],
      [
        'values and constraints',
        ['--weights', write('both.json', { weights: [{ mesh: 'Blob', values: [0.5], constraints: [{ vertex: 0, weight: 1 }] }] })],
        /both\.json: .*weights\[0\]: give one of "values", "constraints" or "value", not "values" and "constraints"/,
      ],
      [
        'project mesh twice',
        [
          '--project',
          write('project-twice.json', {
            format: 'overlap-project',
            version: 1,
            meshes: [
              { mesh: 'Blob', preset: 'jelly' },
              { mesh: 'Blob', preset: 'flesh' },
            ],
          }),
        ],
        /project-twice\.json: meshes\[1\]: mesh "Blob" is listed twice \(also meshes\[0\]\)/,
      ],
      [
        'project weights twice',
        [
          '--project',
          write('project-weights.json', {
            format: 'overlap-project',
            version: 1,
            weights: [
              { mesh: 'Blob', values: [0] },
              { mesh: 'Blob', values: [1] },
            ],
          }),
        ],
        /project-weights\.json: .*weights\[1\]: mesh "Blob" is listed twice/,
      ],
    ];
    for (const [label, args, message] of cases) {
      const result = await runCli('bake', samplePath, '--clip', 'Bounce', '--out', out, ...args);
      expect(result.status, `${label}: ${result.stderr}`).toBe(2);
      expect(result.stderr, `${label}: names the file and the entry`).toMatch(message);
    }
  });
});

describe('a clip by name or index in every command', () => {
  it('eval and check take --clip 0 as bake does; a clip named "0" would be found by name first', async () => {
    const fox = join(dataFolder, 'Fox.glb');
    const byIndex = await runCli('eval', fox, '--clip', '0', '--time', '0.5', '--mesh', 'fox');
    expect(byIndex.status, byIndex.stderr).toBe(0);
    const byName = await runCli('eval', fox, '--clip', 'Survey', '--time', '0.5', '--mesh', 'fox');
    expect(byIndex.stdout.replace('"clip":"Survey"', ''), 'clip 0 is Survey').toBe(byName.stdout.replace('"clip":"Survey"', ''));
    const check = await runCli('check', fox, '--clip', '2', '--frames', '0:0', '--json');
    expect(check.status, check.stderr).toBe(0);
    expect((JSON.parse(check.stdout) as { clip: string }).clip, 'clip 2 is Run').toBe('Run');
    const missing = await runCli('eval', fox, '--clip', '3');
    expect(missing.status, 'no clip 3').toBe(2);
  });
});

describe('a bake that simulates nothing says so', () => {
  it('a file with no mesh, and weights 0 everywhere: a nothing-simulated warning saying what to do', async () => {
    const empty = await runCli('bake', noMesh, '--clip', '0', '--out', join(folder, 'no-mesh.glb'));
    expect(empty.status, empty.stderr).toBe(0);
    expect(empty.stderr, 'no mesh').toMatch(/warning \[nothing-simulated\]: the file has no mesh: nothing was simulated/);
    const still = await runCli(...sampleBounceBake('0:2'), '--weights', '0', '--set', 'meshes.Blob.latticeResolution=6', '--out', join(folder, 'still.glb'));
    expect(still.status, still.stderr).toBe(0);
    expect(still.stderr, 'weights 0').toMatch(
      /warning \[nothing-simulated\]: every mesh follows its animation exactly at these weights; paint weights above 0 where you want secondary motion/,
    );
  }, 120_000);

  it('RobotExpressive at its defaults (rigid parts stay rigid): the same warning, in the dry run too', async () => {
    const result = await runCli('bake', join(dataFolder, 'RobotExpressive.glb'), '--clip', 'Walking', '--frames', '0:2', '--dry-run');
    expect(result.status, result.stderr).toBe(0);
    expect(
      (JSON.parse(result.stdout) as { warnings: Array<{ code: string }> }).warnings.map((w) => w.code),
      'the warning',
    ).toContain('nothing-simulated');
  }, 120_000);
});

describe('warnings about unknown names are summarized after the first few', () => {
  it('a weights file naming 3000 meshes the glTF does not have prints five warnings and a count, not 3000 lines', async () => {
    const weights = write('ghosts.json', { weights: Array.from({ length: 3000 }, (_, i) => ({ mesh: `ghost${i}`, value: 0.5 })) });
    const reportPath = join(folder, 'ghosts-report.json');
    const result = await runCli(
      ...sampleBounceBake('0:1'),
      '--weights',
      weights,
      '--set',
      'meshes.Blob.latticeResolution=6',
      '--out',
      join(folder, 'ghosts.glb'),
      '--report',
      reportPath,
    );
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stderr.split('\n').filter((line) => line.startsWith('overlap: warning [ignored-input]'));
    expect(lines.length, 'five warnings and one count').toBe(6);
    expect(lines.at(-1), 'the count, and where the rest are').toBe(`overlap: warning [ignored-input]: … and 2995 more like these (all in ${reportPath})`);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as { warnings: Array<{ code: string }> };
    expect(report.warnings.filter((w) => w.code === 'ignored-input').length, 'the report keeps every one').toBe(3000);
  }, 120_000);
});

describe('ARAP at its cap with constraints it cannot meet', () => {
  it('two planes facing each other closer than the mesh is thick: a warning naming what is unmet', async () => {
    const mesh = write('box.json', barMesh());
    // y ≥ 0.3 and y ≤ −0.3 at once: no position meets both.
    const handles = write('contradiction.json', {
      handles: [{ vertices: [0], translation: [0, 0, 0] }],
      colliders: [{ plane: { normal: [0, 1, 0], offset: 0.3 } }, { plane: { normal: [0, -1, 0], offset: 0.3 } }],
    });
    const result = await runCli('arap', mesh, '--handles', handles, '--iterations', '20', '--out', join(folder, 'arap.json'));
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr, 'warns, naming what is unmet').toMatch(
      /overlap: warning: the solve stopped at its iteration cap \(\d+ iterations\) with constraints it cannot meet together: \d+ contact points are still inside a collider/,
    );
  }, 60_000);
});
