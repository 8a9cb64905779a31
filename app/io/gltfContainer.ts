/**
 * What is wrong with a file's container, before any glTF is read: GLB header and chunk bounds
 * (glTF 2.0 §4.4 "Binary glTF Layout"), or "neither GLB nor JSON". glTF-Transform's GLB reader
 * trusts these lengths (a short file becomes a RangeError deep inside it), so they are checked first.
 */

const GLB_MAGIC = 0x46546c67; // 'glTF'
const CHUNK_JSON = 0x4e4f534a;
const CHUNK_BIN = 0x004e4942;

/** The kind of container, or a sentence saying what is wrong with it. */
export type GltfContainer =
  | { kind: 'glb' | 'json' /** the JSON text's bytes (the GLB's JSON chunk, or the whole file) */; json: Uint8Array }
  | { kind: 'invalid'; problem: string };

/**
 * Classifies a file's container before any glTF is read: GLB header and chunk bounds (glTF 2.0 §4.4), or JSON.
 *
 * @param bytes  the whole file
 * @returns 'glb' when the GLB header and chunks are consistent, 'json' when the file starts like JSON (with the
 *          JSON text's bytes), else the problem in one sentence
 */
export function gltfContainer(bytes: Uint8Array): GltfContainer {
  if (bytes.byteLength === 0) return { kind: 'invalid', problem: 'the file is empty' };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength >= 4 && view.getUint32(0, true) === GLB_MAGIC) {
    if (bytes.byteLength < 12) return { kind: 'invalid', problem: `truncated GLB: ${bytes.byteLength} bytes, shorter than the 12-byte header` };
    const version = view.getUint32(4, true);
    if (version !== 2) return { kind: 'invalid', problem: `GLB version ${version} is not supported (only glTF 2.0)` };
    const declaredLength = view.getUint32(8, true);
    if (declaredLength > bytes.byteLength) {
      return { kind: 'invalid', problem: `truncated GLB: the header declares ${declaredLength} bytes but the file has ${bytes.byteLength}` };
    }
    if (declaredLength < 20) return { kind: 'invalid', problem: `invalid GLB: declared length ${declaredLength} leaves no room for the JSON chunk` };
    const jsonLength = view.getUint32(12, true);
    if (view.getUint32(16, true) !== CHUNK_JSON) return { kind: 'invalid', problem: 'invalid GLB: the first chunk is not JSON' };
    if (20 + jsonLength > declaredLength) {
      return { kind: 'invalid', problem: `truncated GLB: the JSON chunk declares ${jsonLength} bytes but only ${declaredLength - 20} follow` };
    }
    const binStart = 20 + jsonLength;
    if (binStart + 8 <= declaredLength && view.getUint32(binStart + 4, true) === CHUNK_BIN) {
      const binLength = view.getUint32(binStart, true);
      if (binStart + 8 + binLength > declaredLength) {
        return { kind: 'invalid', problem: `truncated GLB: the BIN chunk declares ${binLength} bytes but only ${declaredLength - binStart - 8} follow` };
      }
    }
    return { kind: 'glb', json: bytes.subarray(20, 20 + jsonLength) };
  }
  // JSON: optional UTF-8 byte order mark, whitespace, then '{'.
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.byteLength && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  if (bytes[i] === 0x7b) return { kind: 'json', json: bytes };
  const head = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join(' ');
  return { kind: 'invalid', problem: `not a glTF file: it starts with bytes ${head}, neither the GLB magic "glTF" nor a JSON object` };
}
