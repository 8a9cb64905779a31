/**
 * The message a user sees for a failure: the engine's own errors (GltfImportError, ProjectFileError,
 * BakeError, WeightsError) and the app's own `new Error('what is wrong')` already read as sentences
 * and are shown as they are; a JavaScript fault inside a library (TypeError "Cannot read properties of
 * undefined (reading 'traverse')", RangeError "Invalid typed array length", …) is a bug or a damaged
 * file, never something a user can act on from its text, so it becomes a plain sentence about the
 * file and the raw error goes to the console for a bug report. Prefixes that only say where the text
 * came from ("THREE.GLTFLoader: ", Electron's "Error invoking remote method …: Error: ") are dropped.
 */
import { BakeError } from '../../app/bake/index.ts';
import { ProjectFileError } from '../../app/document/index.ts';
import { GltfImportError } from '../../app/io/index.ts';
import { WeightsError } from '../../app/weights/index.ts';

/** Text that only a program fault produces: the user is never shown it. */
const FAULT =
  /cannot read propert|cannot set propert|is not a function|is not iterable|is not defined|undefined|null\b|NaN|invalid typed array|out of memory|maximum call stack|unexpected end of|offset is outside the bounds/i;

/**
 * @param error    what was thrown
 * @param subject  the file or action it concerns, e.g. "Fox.glb" or "Bake"
 * @param fallback what to say instead of a fault's text (default: the file looks damaged)
 * @returns "SUBJECT: what is wrong", one line
 */
export function readableError(
  error: unknown,
  subject: string,
  fallback = 'could not be read: the file is damaged or uses a feature Overlap cannot show yet (details in the developer console)',
): string {
  if (error instanceof GltfImportError) return `${error.file}: ${error.message}`;
  if (error instanceof ProjectFileError) return `${error.file}: ${error.message}`;
  if (error instanceof BakeError || error instanceof WeightsError) return `${subject}: ${error.message}`;
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const message = raw
    .replace(/^Error invoking remote method '[^']+': (Error: )?/, '')
    .replace(/^THREE\.\w+: /, '')
    .trim()
    .split('\n')[0];
  const fault =
    !(error instanceof Error) ||
    error instanceof TypeError ||
    error instanceof ReferenceError ||
    error instanceof SyntaxError ||
    error.name === 'RangeError' ||
    message === '' ||
    FAULT.test(message);
  if (fault) {
    console.error(`${subject}:`, error);
    return `${subject}: ${fallback}`;
  }
  return message.startsWith(`${subject}:`) ? message : `${subject}: ${message}`;
}
