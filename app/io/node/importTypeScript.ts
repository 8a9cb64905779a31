import { bundledTwin, runsFromBundle } from './bundledTwin.ts';

/**
 * Imports a TypeScript module of the project by URL, however this process runs the engine: its twin in the CLI's
 * bundle when it has one (bin/cliBundle.mjs), through tsx's API in a bundled process when it has none, and a plain
 * import where tsx's loader already runs the sources (bin/overlap.mjs without a bundle, a worker started by
 * typeScriptWorker, tests).
 *
 * @param url  file URL of a .ts module
 * @returns the module's namespace
 */
export async function importTypeScript(url: string): Promise<Record<string, unknown>> {
  const twin = bundledTwin(url);
  if (twin) return (await import(twin)) as Record<string, unknown>;
  if (runsFromBundle()) {
    const { tsImport } = await import('tsx/esm/api');
    return (await tsImport(url, url)) as Record<string, unknown>;
  }
  return (await import(url)) as Record<string, unknown>;
}
