/**
 * A tiny static file server for the built renderer (`npm run web`, and Playwright's webServer).
 * Binds to 127.0.0.1 only; serves files inside `rootDir` (main/pathPolicy.resolveInsideRoot refuses
 * escapes) with the same Content-Security-Policy header the Electron app uses. GET and HEAD only.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { contentSecurityPolicy } from '../main/contentSecurityPolicy.ts';
import { contentType } from '../main/contentType.ts';
import { resolveInsideRoot } from '../main/pathPolicy.ts';

export function staticServer(rootDir: string): Server {
  const policy = contentSecurityPolicy({ development: false, header: true });
  return createServer(async (request, response) => {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const filePath = resolveInsideRoot(pathname, rootDir);
    const info = filePath ? await stat(filePath).catch(() => null) : null;
    if (!filePath || !info?.isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    response.writeHead(200, {
      'content-type': contentType(filePath),
      'content-length': info.size,
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      // Hashed bundle files may be cached; index.html must not be, so a rebuild shows at once.
      'cache-control': filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    if (method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(filePath).pipe(response);
  });
}
