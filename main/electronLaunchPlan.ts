/**
 * Decides what `npm start` does after the build: launch Electron, or stop with one clear line.
 * Pure (file-system access comes in as callbacks) so test/main/electronLaunchPlan.test.ts can check
 * every branch, including the one this development machine hits: the npm package `electron` is a
 * shim whose binary (downloaded by its install script) is absent when installed with
 * ELECTRON_SKIP_BINARY_DOWNLOAD=1, without network, or when npm did not run install scripts.
 *
 * The lookup mirrors node_modules/electron/index.js: `path.txt` names the executable inside `dist/`;
 * ELECTRON_OVERRIDE_DIST_PATH replaces `dist/`.
 */
export type ElectronLaunchPlan =
  | { kind: 'launch'; executable: string; args: string[] }
  | { kind: 'missing'; message: string }
  | { kind: 'noDisplay'; message: string };

export interface ElectronLaunchInputs {
  platform: string;
  env: Readonly<Record<string, string | undefined>>;
  /** absolute path of node_modules/electron, or null when the package is not installed at all */
  electronPackageDir: string | null;
  /** reads a file's text, or null when it does not exist */
  readText(filePath: string): string | null;
  exists(filePath: string): boolean;
  /** the app folder Electron runs (package.json `main` points at out/main/index.js) */
  appDir: string;
}

/** The single line printed when the binary is missing (exported for the test and docs/app.md). */
export const MISSING_BINARY_MESSAGE =
  'overlap: the Electron binary is not installed (node_modules/electron/dist is missing); on a machine with internet run ' +
  '`node node_modules/electron/install.js` (npm start tries that itself unless ELECTRON_SKIP_BINARY_DOWNLOAD=1), ' +
  'or use the browser build now: npm run web';

export function electronLaunchPlan(inputs: ElectronLaunchInputs): ElectronLaunchPlan {
  const { platform, env, electronPackageDir } = inputs;
  if (electronPackageDir === null) return { kind: 'missing', message: MISSING_BINARY_MESSAGE };
  const join = (...parts: string[]): string => parts.join(platform === 'win32' ? '\\' : '/');
  const relative = inputs.readText(join(electronPackageDir, 'path.txt'))?.trim();
  if (!relative) return { kind: 'missing', message: MISSING_BINARY_MESSAGE };
  const distDir = env.ELECTRON_OVERRIDE_DIST_PATH || join(electronPackageDir, 'dist');
  const executable = join(distDir, relative);
  if (!inputs.exists(executable)) return { kind: 'missing', message: MISSING_BINARY_MESSAGE };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return {
      kind: 'noDisplay',
      message:
        'overlap: no display to open the Electron window on (neither DISPLAY nor WAYLAND_DISPLAY is set); run it under X11/Wayland or xvfb-run, or use: npm run web',
    };
  }
  return { kind: 'launch', executable, args: [inputs.appDir] };
}
