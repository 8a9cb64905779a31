import { describe, expect, it } from 'vitest';
import { electronLaunchPlan, MISSING_BINARY_MESSAGE, type ElectronLaunchInputs } from '../../main/electronLaunchPlan.ts';

function inputs(overrides: Partial<ElectronLaunchInputs> & { files?: Record<string, string> } = {}): ElectronLaunchInputs {
  const files = overrides.files ?? {};
  return {
    platform: 'linux',
    env: { DISPLAY: ':0' },
    electronPackageDir: '/repo/node_modules/electron',
    appDir: '/repo',
    readText: (filePath) => files[filePath] ?? null,
    exists: (filePath) => filePath in files,
    ...overrides,
  };
}

describe('electronLaunchPlan', () => {
  it('launches the binary that path.txt names inside dist/', () => {
    const plan = electronLaunchPlan(inputs({ files: { '/repo/node_modules/electron/path.txt': 'electron', '/repo/node_modules/electron/dist/electron': '' } }));
    expect(plan, 'launch plan').toEqual({ kind: 'launch', executable: '/repo/node_modules/electron/dist/electron', args: ['/repo'] });
  });

  it('reports the missing binary when the download was skipped (no path.txt), as on this machine', () => {
    const plan = electronLaunchPlan(inputs());
    expect(plan.kind, 'missing').toBe('missing');
    expect(plan.kind === 'missing' && plan.message, 'the one-line message').toBe(MISSING_BINARY_MESSAGE);
  });

  it('reports the missing binary when path.txt exists but dist/ was deleted', () => {
    expect(electronLaunchPlan(inputs({ files: { '/repo/node_modules/electron/path.txt': 'electron' } })).kind, 'dist gone').toBe('missing');
  });

  it('reports the missing binary when the electron package is absent', () => {
    expect(electronLaunchPlan(inputs({ electronPackageDir: null })).kind, 'no package').toBe('missing');
  });

  it('honours ELECTRON_OVERRIDE_DIST_PATH like node_modules/electron/index.js', () => {
    const plan = electronLaunchPlan(
      inputs({
        env: { DISPLAY: ':0', ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' },
        files: { '/repo/node_modules/electron/path.txt': 'electron', '/opt/electron/electron': '' },
      }),
    );
    expect(plan.kind === 'launch' && plan.executable, 'override dist').toBe('/opt/electron/electron');
  });

  it('refuses to launch on Linux without a display, pointing to the web build', () => {
    const plan = electronLaunchPlan(
      inputs({ env: {}, files: { '/repo/node_modules/electron/path.txt': 'electron', '/repo/node_modules/electron/dist/electron': '' } }),
    );
    expect(plan.kind, 'no display').toBe('noDisplay');
    expect(plan.kind !== 'launch' && plan.message, 'mentions npm run web').toMatch(/npm run web/);
  });

  it('says it in one line that names the problem, the fix and the fallback', () => {
    expect(MISSING_BINARY_MESSAGE.includes('\n'), 'single line').toBe(false);
    expect(MISSING_BINARY_MESSAGE, 'names the binary').toMatch(/Electron binary is not installed/);
    expect(MISSING_BINARY_MESSAGE, 'how to get it').toMatch(/node node_modules\/electron\/install\.js/);
    expect(MISSING_BINARY_MESSAGE, 'names the skip switch that causes it').toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD/);
    expect(MISSING_BINARY_MESSAGE, 'fallback').toMatch(/npm run web$/);
  });
});
