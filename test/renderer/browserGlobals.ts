/**
 * The few browser globals three.js's GLTFLoader touches, for running it in Node inside tests:
 * `self`, `ProgressEvent` (FileLoader's streaming progress), `fetch` of blob: URLs (embedded images,
 * .gltf resources handed over as blobs), and `createImageBitmap` (a 1×1 stand-in: tests here check
 * geometry and animation, never texels).
 */
import { resolveObjectURL } from 'node:buffer';
import { vi } from 'vitest';

export function installBrowserGlobals(): void {
  vi.stubGlobal('self', globalThis);
  vi.stubGlobal(
    'ProgressEvent',
    class extends Event {
      constructor(type: string, init: Record<string, unknown> = {}) {
        super(type);
        Object.assign(this, init);
      }
    },
  );
  vi.stubGlobal('createImageBitmap', async () => ({ width: 1, height: 1, close() {} }));
  const fetchFromNode = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith('blob:')) {
      const blob = resolveObjectURL(url);
      return blob ? new Response(await blob.arrayBuffer()) : new Response(null, { status: 404, statusText: 'revoked blob' });
    }
    return fetchFromNode(input, init);
  });
}
