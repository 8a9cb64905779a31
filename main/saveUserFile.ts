/**
 * Every file the app's main process writes for the user (a project, an exported GLB, the recovery file, the recent
 * list) goes through here: the temporary files and unfinished commits a killed Overlap (the app or the CLI, SIGKILL
 * or a power cut) left beside the target are cleaned up first (recoverInterruptedWrites, the CLI's rule), then the
 * file is written atomically (writeFileAtomic). Node-only (no Electron), tested in test/main/saveUserFile.test.ts.
 */
import { recoverInterruptedWrites, writeFileAtomic } from '../app/io/node/index.ts';

/**
 * Writes `data` to `target` atomically after cleaning up what killed writes left there.
 *
 * @param target  the file to write (a path main granted or chose)
 * @param data    its bytes or text
 * @returns one sentence per clean-up done, naming the files (main logs them)
 * @throws FileAccessError naming `target` when it cannot be written; the target is then as it was
 */
export async function saveUserFile(target: string, data: Uint8Array | string): Promise<string[]> {
  const cleaned = recoverInterruptedWrites([target]);
  await writeFileAtomic(target, data);
  return cleaned;
}
