// vitest.config.ts runs most test files in shared workers (isolate: false: a file sees the modules the files before it
// in the same process imported, and whatever they left on globalThis or in process.env). That is safe only for files
// that leave nothing behind. This test reads every test file and fails if one that mocks a module, stubs a global or
// the environment, writes process.env or globalThis, or installs the renderer's browser globals is missing from
// ISOLATED_TEST_FILES, so such a file cannot silently change the files run after it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_TEST_FILES } from '../../vitest.config.ts';

const root = join(import.meta.dirname, '../..');
/** This file: its patterns and planted text name the leaks without doing them. */
const SELF = 'test/lint/vitestIsolation.test.ts';

/** What a file does that another file in the same process would see afterwards. */
const LEAVES_STATE: Array<[string, RegExp]> = [
  ['mocks a module', /\bvi\.(?:mock|doMock)\(/],
  ['stubs a global or the environment', /\bvi\.(?:stubGlobal|stubEnv)\(/],
  ['installs fake timers', /\bvi\.useFakeTimers\(/],
  ['writes process.env', /process\.env(?:\.\w+|\[[^\]]+\])\s*=(?!=)|delete\s+process\.env/],
  ['writes globalThis', /globalThis(?:\.\w+|\[[^\]]+\])\s*=(?!=)|Object\.defineProperty\(globalThis/],
  ['installs the browser globals', /browserGlobals/],
];

/** A glob of ISOLATED_TEST_FILES (`**` for any folders, `*` within a name) as a regular expression. */
function globPattern(glob: string): RegExp {
  const body = glob
    .split('**/')
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${body}$`);
}

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'e2e' ? [] : testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(root, path).split(sep).join('/')] : [];
  });
}

describe('vitest isolation', () => {
  const isolated = ISOLATED_TEST_FILES.map(globPattern);
  const files = testFiles(join(root, 'test'));

  it('finds the test files (the walk is not empty)', () => {
    expect(files.length, 'test files found under test/').toBeGreaterThan(100);
    expect(
      files.filter((file) => isolated.some((pattern) => pattern.test(file))),
      'the isolated globs match files',
    ).toContain('test/app/bake/frameProblem.test.ts');
  });

  it('every file that leaves state behind for the next file runs isolated', () => {
    const leaking = files.flatMap((file) => {
      if (file === SELF || isolated.some((pattern) => pattern.test(file))) return [];
      const text = readFileSync(join(root, file), 'utf8');
      return LEAVES_STATE.filter(([, pattern]) => pattern.test(text)).map(([what]) => `${file} ${what}`);
    });
    expect(leaking, 'files to add to ISOLATED_TEST_FILES in vitest.config.ts').toEqual([]);
  });

  it('the check catches a planted file that mocks a module', () => {
    const planted = "vi.mock('../../app/bake/index.ts');\nprocess.env.OVERLAP_X = '1';\n";
    const found = LEAVES_STATE.filter(([, pattern]) => pattern.test(planted)).map(([what]) => what);
    expect(found, 'both leaks named').toEqual(['mocks a module', 'writes process.env']);
  });
});
