/**
 * The input glTF inside a project file (app/document EmbeddedSource): bytes as base64, in chunks so
 * a large GLB does not overflow the call stack of String.fromCharCode.
 */
import type { EmbeddedSource } from '../../app/document/index.ts';
import type { OpenedFile } from '../../main/ipcContract.ts';

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function bytesOf(data: string): Uint8Array {
  const text = atob(data);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export function embeddedSource(file: OpenedFile): EmbeddedSource {
  const source: EmbeddedSource = { name: file.name, data: base64(file.bytes) };
  const uris = Object.keys(file.resources);
  if (uris.length > 0) source.resources = Object.fromEntries(uris.map((uri) => [uri, base64(file.resources[uri])]));
  return source;
}

export function openedEmbeddedSource(source: EmbeddedSource): OpenedFile {
  const resources: Record<string, Uint8Array> = {};
  for (const [uri, data] of Object.entries(source.resources ?? {})) resources[uri] = bytesOf(data);
  return { name: source.name, path: null, bytes: bytesOf(source.data), resources, missing: [] };
}
