/**
 * The SHA-256 of a project's source glTF as the project records it (`sourceSha256`): the bytes of the .glb, or of the
 * .gltf's JSON (its external buffers are not included: a changed buffer shows up as meshes that no longer fit, which
 * projectSourceWarnings checks on its own). Web Crypto, so the app (a secure context: `app://` and localhost) and Node
 * (the CLI, 19+) compute the same digest with the same code.
 *
 * @param bytes  the glTF file's bytes
 * @returns 64 lowercase hex digits
 */
export async function sourceDigest(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}
