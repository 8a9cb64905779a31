/**
 * The renderer's Content-Security-Policy, as one string for the `<meta>` tag of renderer/index.html
 * and the header main/ adds to every app:// response.
 *
 * Only the app's own files run: no remote scripts, styles, fonts or connections, no plugins, no
 * framing. Models and textures arrive as blob: URLs (files the user opened, GLTFLoader's image
 * blobs) or data: URIs (buffers embedded in .gltf files), so images and fetches allow those two.
 * `'wasm-unsafe-eval'` is needed: the meshopt decoder GLTFLoader uses for EXT_meshopt_compression (and
 * the engine's Draco/meshopt decoders) compile WebAssembly. Plain `eval` stays banned.
 * Inline styles are allowed because React and three.js set style attributes from script; inline
 * scripts are not, except under the Vite dev server (React refresh preamble), which sets `development`.
 *
 * `frame-ancestors` only works as a header (browsers ignore it, with a console warning, in `<meta>`).
 *
 * @param options.development  true only for `electron-vite dev` / `vite serve`
 * @param options.header       true for the HTTP header form (adds `frame-ancestors 'none'`)
 * @returns the policy, directives separated by "; "
 */
export function contentSecurityPolicy(options: { development: boolean; header?: boolean }): string {
  const script = options.development ? "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'" : "script-src 'self' 'wasm-unsafe-eval'";
  const connect = options.development ? "connect-src 'self' blob: data: ws://localhost:* ws://127.0.0.1:*" : "connect-src 'self' blob: data:";
  return [
    "default-src 'self'",
    script,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "media-src 'self' blob: data:",
    "font-src 'self' data:",
    connect,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    ...(options.header ? ["frame-ancestors 'none'"] : []),
  ].join('; ');
}
