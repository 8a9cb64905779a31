// `npm run web`'s server: malformed request targets get 400 and the server keeps serving (one used to crash it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticServer } from '../../scripts/staticServer.ts';

const root = mkdtempSync(join(tmpdir(), 'overlap-web-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Overlap</title>');
const server = staticServer(root);
let port = 0;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  process.removeListener('unhandledRejection', onUnhandled);
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

/** Sends one raw request line and returns the status line of the answer. */
function statusLine(target: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('close', () => resolve(data.split('\r\n')[0]));
    socket.on('error', (error) => resolve(`socket error ${error.message}`));
  });
}

describe('staticServer', () => {
  it('answers malformed request targets with 400 and keeps serving', async () => {
    for (const target of ['//[', 'http://[', 'http://a:b@[::1', '//%', '/%E0%A4%A', '/%zz']) {
      expect(await statusLine(target), `${target}: 400`).toBe('HTTP/1.1 400 Bad Request');
      expect(await statusLine('/'), `still serving after ${target}`).toBe('HTTP/1.1 200 OK');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled, 'no request threw out of the handler').toEqual([]);
  });

  it('still refuses escapes from its folder and serves index.html at /', async () => {
    expect(await statusLine('/../../etc/passwd'), 'escape').toBe('HTTP/1.1 404 Not Found');
    expect(await statusLine('/%2e%2e/%2e%2e/etc/passwd'), 'encoded escape').toBe('HTTP/1.1 404 Not Found');
    expect(await statusLine('/index.html'), 'the page').toBe('HTTP/1.1 200 OK');
  });
});
