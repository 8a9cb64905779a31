/**
 * The CLI's engine as one esbuild bundle, cached and rebuilt when a source changes.
 *
 * The engine is TypeScript run without a build step. Through tsx's loader, `overlap --help` spent 2.1–2.7 s loading
 * about 430 modules: each crosses Node 20's loader-hook thread. Every worker thread paid a second start (the bake's
 * task, each intersection-check worker). An esbuild bundle of the same modules loads in about 0.3 s. Building it takes
 * about 1 s, once per source change.
 *
 * Where it lives:
 * - Each build is written to `node_modules/.cache/overlap-cli/<root>/b-<stamp>/`. It stays under the project so that
 *   its bare imports resolve to the project's packages; packages stay external. `<root>` is a hash of the project's
 *   absolute path: the bundle holds absolute source URLs (below), so a copied or moved project (`cp -a` keeps the
 *   mtimes) and worktrees that share one node_modules each get their own builds.
 * - The build's `manifest.json` lists each entry's twin and every input's mtime and size.
 * - `current.json` names the newest build. It is replaced atomically (written to a temporary file, then renamed), so
 *   concurrent starts (a farm, parallel tests) each see a whole build.
 * - Builds older than a day are removed, and never the one named. A process keeps its own build: a bake started from
 *   an older build finds its chunks there.
 *
 * Staleness: a start stats every input of the named build (about 5 ms for 430 files). Any change of mtime or size, or
 * of this file, the entries or esbuild's version, triggers a rebuild. A file newly imported is reached only through an
 * input that changed.
 *
 * What the bundle must keep:
 * - Every `import.meta.url` is replaced by the URL of the source file it was written in (the plugin below). Relative
 *   URLs then resolve as they do from the sources: `../../package.json`, `createRequire`, and the worker and task
 *   modules named `new URL('./x.ts', import.meta.url)`.
 * - Those .ts modules are entries of the bundle. OVERLAP_CLI_BUNDLE names the build's manifest to the process and its
 *   worker threads. app/io/node/bundledTwin.ts maps a module's source URL to its twin, so a worker or a dynamic import
 *   starts without tsx. test/app/cli/cliBundle.test.ts checks that every such module is an entry.
 *
 * Without a writable cache (a read-only install), or when the build fails (a syntax error, which tsx then reports as
 * it always did), or with OVERLAP_CLI_TSX=1, the CLI runs the sources through tsx as before.
 */
import { createHash } from 'node:crypto';
import { build, version as esbuildVersion } from 'esbuild';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The modules a CLI process loads by URL: its main module, and the worker and task modules it starts by URL. */
export const CLI_ENTRIES = [
  'app/cli/main.ts',
  'app/cli/workerEntry.ts',
  'app/cli/tasks/bakeTask.ts',
  'app/cli/tasks/embedTask.ts',
  'app/cli/tasks/simulateTask.ts',
  'app/intersection/node/checkWorker.ts',
  'kernels/node/requestNodeVbdStepBackend.ts',
];

/** The environment variable naming the manifest of the bundle a process runs from (read by app/io/node/bundledTwin.ts). */
export const BUNDLE_VARIABLE = 'OVERLAP_CLI_BUNDLE';

const DAY_MS = 24 * 3600 * 1000;
const SELF = fileURLToPath(import.meta.url);

/**
 * esbuild plugin: `import.meta.url` in a .ts file becomes that file's own URL, so the bundle resolves relative URLs
 * as the sources do.
 */
const sourceMetaUrl = {
  name: 'source-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      return {
        contents: text.includes('import.meta.url') ? text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)) : text,
        loader: 'ts',
      };
    });
  },
};

/** The stamp of a file as the manifest records it: [path relative to root, mtime in ms, size in bytes]. */
function stampOf(root, path) {
  const stat = statSync(resolve(root, path));
  return [path, stat.mtimeMs, stat.size];
}

/** The build that `current.json` names, when every input it lists is unchanged; else null. */
function freshBuild(root, cache, entries) {
  let manifestPath;
  let manifest;
  try {
    const current = JSON.parse(readFileSync(join(cache, 'current.json'), 'utf8'));
    manifestPath = join(cache, String(current.build), 'manifest.json');
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return null;
  }
  if (manifest.root !== root || manifest.esbuild !== esbuildVersion || JSON.stringify(manifest.entries) !== JSON.stringify(entries)) return null;
  try {
    for (const [path, mtime, size] of manifest.inputs) {
      const [, nowMtime, nowSize] = stampOf(root, path);
      if (nowMtime !== mtime || nowSize !== size) return null;
    }
  } catch {
    return null;
  }
  return { manifestPath, manifest };
}

/** Builds the bundle into a new folder of the cache, names it in current.json and removes builds older than a day. */
async function buildBundle(root, cache, entries) {
  const name = `b-${Date.now().toString(36)}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const outdir = join(cache, name);
  const result = await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    outbase: '.',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    write: true,
    logLevel: 'silent',
    plugins: [sourceMetaUrl],
  });
  const twins = {};
  for (const [output, info] of Object.entries(result.metafile.outputs)) {
    if (info.entryPoint) twins[pathToFileURL(resolve(root, info.entryPoint)).href] = pathToFileURL(resolve(root, output)).href;
  }
  const inputs = Object.keys(result.metafile.inputs).map((path) => stampOf(root, path));
  inputs.push(stampOf(root, relative(root, SELF)));
  const manifest = { root, esbuild: esbuildVersion, entries, twins, inputs };
  const manifestPath = join(outdir, 'manifest.json');
  writeFileSync(manifestPath, JSON.stringify(manifest));
  const temporary = join(cache, `current.json.${name}.tmp`);
  writeFileSync(temporary, JSON.stringify({ build: name }));
  renameSync(temporary, join(cache, 'current.json'));
  for (const entry of readdirSync(cache)) {
    if (entry === name || !entry.startsWith('b-')) continue;
    try {
      if (Date.now() - statSync(join(cache, entry)).mtimeMs > DAY_MS) rmSync(join(cache, entry), { recursive: true, force: true });
    } catch {
      // Another start removed it first.
    }
  }
  return { manifestPath, manifest };
}

/**
 * The bundle of the CLI's entries, fresh for the sources under `root`: reused when no input changed, else built.
 *
 * @param options.root     the project folder (the sources' root)
 * @param options.entries  the entries, relative to root (default CLI_ENTRIES)
 * @param options.cache    the cache folder (default root/node_modules/.cache/overlap-cli/<hash of root>)
 * @returns the manifest's path and each entry's twin (source file URL → bundled file URL), or null when no bundle can
 *          be had (the caller runs the sources through tsx)
 */
export async function cliBundle({ root: given, entries = CLI_ENTRIES, cache }) {
  if (process.env.OVERLAP_CLI_TSX === '1') return null;
  const root = resolve(given);
  cache ??= join(root, 'node_modules', '.cache', 'overlap-cli', createHash('sha256').update(root).digest('hex').slice(0, 16));
  try {
    const found = freshBuild(root, cache, entries);
    if (found) return { manifestPath: found.manifestPath, twins: found.manifest.twins };
    mkdirSync(cache, { recursive: true });
    const built = await buildBundle(root, cache, entries);
    return { manifestPath: built.manifestPath, twins: built.manifest.twins };
  } catch {
    return null;
  }
}
