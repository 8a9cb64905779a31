/**
 * The one atomic writer: every output of every command, and every file the app's main process saves, goes through
 * it. Data goes to a temporary file beside the target (same folder, so the same file system and an atomic rename:
 * POSIX rename(2), and a replacing MoveFileEx on NTFS), is flushed with fsync, renamed over the target, and the
 * folder is flushed so the rename survives a power cut. Readers see the old file or the new one, never a torn mix;
 * on any failure, or when the signal aborts, the temporary file is removed and the target is untouched. A process
 * that exits with a write in flight (a second Ctrl-C, process.exit) removes its temporary files on the way out.
 *
 * DESIGN NOTES
 * - Errors name the user's path, never the temporary file (FileAccessError(target, "cannot write: …")).
 * - The temporary name is `.NAME.PID.RANDOM.tmp`: hidden, unique per process and write, and recognisable.
 * - `openAtomicFile` streams (the CLI's `eval` writes gigabytes frame by frame); `writeFilesAtomic` prepares
 *   several files and renames them only when all are written (a bake's GLB and its report: a failing report
 *   leaves no GLB behind).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { FileAccessError } from './fileAccessError.ts';
import { fileSystemProblem } from './fileSystemProblem.ts';

/** Temporary files of writes in flight in this process, removed at exit if still there. */
const inFlight = new Set<string>();
let exitHookInstalled = false;

/** A file being written atomically: write chunks, then commit (rename into place) or discard. */
export interface AtomicFile {
  /** the target path */
  readonly path: string;
  /** appends bytes or UTF-8 text to the temporary file */
  write(data: Uint8Array | string): Promise<void>;
  /** flushes, renames over the target and flushes the folder; the file is then in place */
  commit(): Promise<void>;
  /** removes the temporary file; the target stays as it was (a no-op after commit) */
  discard(): Promise<void>;
}

/**
 * Starts an atomic write of `target`: creates the temporary file beside it.
 *
 * @param target  the file to write (relative or absolute)
 * @param signal  aborting it makes the next write or commit fail and remove the temporary file
 * @returns the open file; call commit() or discard()
 * @throws FileAccessError(target, "cannot write: …") when the temporary file cannot be created
 */
export async function openAtomicFile(target: string, signal?: AbortSignal): Promise<AtomicFile> {
  signal?.throwIfAborted();
  const folder = path.dirname(target);
  const temporary = path.join(folder, `.${path.basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  installExitHook();
  let handle: FileHandle | null;
  try {
    handle = await open(temporary, 'wx', 0o644);
  } catch (error) {
    throw writeError(target, error);
  }
  inFlight.add(temporary);
  let state: 'open' | 'committed' | 'discarded' = 'open';

  const discard = async (): Promise<void> => {
    if (state !== 'open') return;
    state = 'discarded';
    await handle?.close().catch(() => undefined);
    handle = null;
    await rm(temporary, { force: true }).catch(() => undefined);
    inFlight.delete(temporary);
  };
  const guarded = async <T>(action: () => Promise<T>): Promise<T> => {
    if (state !== 'open') throw new Error(`writeFileAtomic: ${target} was already ${state}`);
    try {
      signal?.throwIfAborted();
      const result = await action();
      if (state === 'open') signal?.throwIfAborted();
      return result;
    } catch (error) {
      await discard();
      if (signal?.aborted || error instanceof FileAccessError) throw error;
      throw writeError(target, error);
    }
  };
  return {
    path: target,
    write: (data) => guarded(async () => void (await handle!.writeFile(data, signal ? { signal } : {}))),
    commit: () =>
      guarded(async () => {
        await handle!.sync();
        await handle!.close();
        handle = null;
        await rename(temporary, target);
        state = 'committed';
        inFlight.delete(temporary);
        await syncFolder(folder);
      }),
    discard,
  };
}

/**
 * Writes a whole file atomically.
 *
 * @param target  the file to write
 * @param data    bytes or UTF-8 text
 * @param signal  optional: aborting it stops the write and leaves the target as it was
 * @throws FileAccessError naming `target` for any file-system failure; the signal's reason when aborted
 */
export async function writeFileAtomic(target: string, data: Uint8Array | string, signal?: AbortSignal): Promise<void> {
  await writeFilesAtomic([{ path: target, data }], signal);
}

/**
 * Writes several files all-or-nothing as far as a file system allows: every file is written and flushed to its
 * temporary first, and only then renamed into place, in order. A failure while writing leaves every target as it
 * was; only a failing rename after others succeeded (practically: never, the folders were just written to) can
 * leave a partial set.
 *
 * @param files   target paths and their contents
 * @param signal  optional: aborting it before the renames leaves every target as it was
 * @throws FileAccessError naming the target that failed; the signal's reason when aborted
 */
export async function writeFilesAtomic(files: ReadonlyArray<{ path: string; data: Uint8Array | string }>, signal?: AbortSignal): Promise<void> {
  const opened: AtomicFile[] = [];
  try {
    for (const file of files) {
      const atomic = await openAtomicFile(file.path, signal);
      opened.push(atomic);
      await atomic.write(file.data);
    }
    for (const atomic of opened) await atomic.commit();
  } finally {
    for (const atomic of opened) await atomic.discard();
  }
}

function writeError(target: string, error: unknown): FileAccessError {
  return new FileAccessError(target, `cannot write: ${fileSystemProblem(error)}`, (error as NodeJS.ErrnoException).code);
}

/** Flushes the folder entry so the rename survives a power cut (POSIX; where folders refuse fsync the rename is still done). */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some file systems refuse fsync on folders; the rename itself is done.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const temporary of inFlight) rmSync(temporary, { force: true });
  });
}
