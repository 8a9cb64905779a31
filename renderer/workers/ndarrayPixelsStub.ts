/**
 * Stands in for the `ndarray-pixels` package in the renderer build (electron.vite.config.ts aliases it
 * here). glTF-Transform's functions import it for texture resizing and compression, which the app
 * never runs; but its browser build imports `ndarray-ops`, which compiles its operators with
 * `Function(...)` as soon as it loads, and the app's Content-Security-Policy (no 'unsafe-eval', kept on
 * purpose) would then stop the engine worker (which bundles app/bake and so glTF-Transform's
 * functions) before it starts.
 */
const unavailable = (name: string): Error =>
  new Error(`${name}: texture pixel access is not available in the Overlap app (it needs eval, which the app's security policy forbids)`);

export async function getPixels(): Promise<never> {
  throw unavailable('getPixels');
}

export async function savePixels(): Promise<never> {
  throw unavailable('savePixels');
}
