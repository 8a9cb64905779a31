import { readFileSync } from 'node:fs';

/** The twins of the bundle this process runs from (source file URL → bundled file URL), read once; null: none. */
let twins: Record<string, string> | null | undefined;

/**
 * The bundled twin of a TypeScript module, when this process runs the CLI from its bundle (bin/cliBundle.mjs): the
 * bundle carries each module the CLI starts by URL (a worker's entry, a task, the WebGPU backend) as an entry, and
 * its manifest, named by OVERLAP_CLI_BUNDLE, maps the module's source URL to it. A worker started on the twin, or a
 * dynamic import of it, loads in a fraction of the time tsx takes to load the sources.
 *
 * @param url  file URL of a .ts module of the project
 * @returns the file URL of its twin, or undefined when the process runs the sources through tsx (no bundle, or the
 *          module is not an entry of it: the caller loads the source as before)
 */
export function bundledTwin(url: string): string | undefined {
  return loadedTwins()?.[url];
}

/** Whether this process runs the CLI from its bundle (so a module without a twin must be loaded through tsx). */
export function runsFromBundle(): boolean {
  return loadedTwins() !== null;
}

/** The twins of the manifest OVERLAP_CLI_BUNDLE names, read on first use; null when there is none or it is unreadable. */
function loadedTwins(): Record<string, string> | null {
  if (twins !== undefined) return twins;
  twins = null;
  const manifest = process.env.OVERLAP_CLI_BUNDLE;
  if (manifest) {
    try {
      twins = (JSON.parse(readFileSync(manifest, 'utf8')) as { twins: Record<string, string> }).twins;
    } catch {
      twins = null;
    }
  }
  return twins;
}
