/**
 * The Vite dev server URL the window loads under `electron-vite dev`, or undefined. Only a development build may
 * read ELECTRON_RENDERER_URL: in a packaged app an environment variable would otherwise load any page, and that page
 * would get the preload bridge and pass the IPC sender check (isTrustedSenderUrl). Even in development only a
 * loopback http(s) URL is accepted, which is all the dev server ever is.
 *
 * @param isPackaged  Electron's app.isPackaged
 * @param env         the process environment
 * @returns the URL, or undefined for packaged builds and anything but http(s) on localhost/127.0.0.1/[::1]
 */
export function developmentServerUrl(isPackaged: boolean, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (isPackaged) return undefined;
  const value = env.ELECTRON_RENDERER_URL;
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return undefined;
  return value;
}
