/**
 * A tiny static file server for the built renderer (`npm run web`, and Playwright's webServer).
 * Binds to 127.0.0.1 only; serves files inside `rootDir` (main/pathPolicy.resolveInsideRoot refuses
 * escapes) with the same Content-Security-Policy header the Electron app uses. GET and HEAD only.
 * A malformed request target (`//[`, `http://[`, a bad percent-escape) gets 400 and the server keeps
 * serving: no request can throw out of the handler, and a file that fails mid-stream ends that response only.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type ServerResponse, type Server } from 'node:http';
import { contentSecurityPolicy } from '../main/contentSecurityPolicy.ts';
import { contentType } from '../main/contentType.ts';
import { resolveInsideRoot } from '../main/pathPolicy.ts';

export function staticServer(rootDir: string): Server {
  const policy = contentSecurityPolicy({ development: false, header: true });
  const plain = (response: ServerResponse, status: number, text: string) => {
    if (response.headersSent) return void response.destroy();
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${text}\n`);
  };
  const server = createServer((request, response) => {
    handle(request.method ?? 'GET', request.url ?? '/', response).catch(() => plain(response, 500, 'internal error'));
  });
  // Requests Node's HTTP parser cannot read get 400, as they would without a listener, but never an exception.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;

  async function handle(method: string, target: string, response: ServerResponse): Promise<void> {
    if (method !== 'GET' && method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    const pathname = requestPathname(target);
    if (pathname === null) return plain(response, 400, 'bad request');
    const filePath = resolveInsideRoot(pathname, rootDir);
    const info = filePath ? await stat(filePath).catch(() => null) : null;
    if (!filePath || !info?.isFile()) return plain(response, 404, 'not found');
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
    const stream = createReadStream(filePath);
    stream.on('error', () => response.destroy());
    stream.pipe(response);
  }
}

/**
 * The path of a request target (origin-form `/a/b?q`, or absolute-form `http://host/a`), or null when it is malformed:
 * not a URL, or a path whose percent-escapes do not decode.
 */
function requestPathname(target: string): string | null {
  try {
    const { pathname } = new URL(target, 'http://localhost');
    decodeURIComponent(pathname);
    return pathname;
  } catch {
    return null;
  }
}
