// Only development builds load ELECTRON_RENDERER_URL, and only from a loopback dev server: a packaged app must not
// hand its preload bridge to a page an environment variable names.
import { describe, expect, it } from 'vitest';
import { developmentServerUrl } from '../../main/developmentServerUrl.ts';

describe('developmentServerUrl', () => {
  it('is ignored by packaged builds, whatever it names', () => {
    for (const value of ['http://localhost:5173/', 'https://evil.example/', 'http://127.0.0.1:5173']) {
      expect(developmentServerUrl(true, { ELECTRON_RENDERER_URL: value }), `packaged: ${value}`).toBeUndefined();
    }
  });

  it('is the dev server in a development build', () => {
    expect(developmentServerUrl(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173/' }), 'localhost').toBe('http://localhost:5173/');
    expect(developmentServerUrl(false, { ELECTRON_RENDERER_URL: 'http://127.0.0.1:5173' }), '127.0.0.1').toBe('http://127.0.0.1:5173');
    expect(developmentServerUrl(false, {}), 'unset').toBeUndefined();
  });

  it('refuses remote pages and other schemes even in development', () => {
    for (const value of ['https://evil.example/', 'http://localhost.evil.example/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url']) {
      expect(developmentServerUrl(false, { ELECTRON_RENDERER_URL: value }), value).toBeUndefined();
    }
  });
});
