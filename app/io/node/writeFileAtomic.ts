/**
 * The one atomic writer: every output of every command, and every file the app's main process saves, goes through
 * it. Data goes to a temporary file beside the target (same folder, so the same file system and an atomic rename:
 * POSIX rename(2), and a replacing MoveFileEx on NTFS), is flushed with fsync, renamed over the target, and the
 * folder is flushed so the rename survives a power cut. Readers see the old file or the new one, never a torn mix;
 * on any failure, or when the signal aborts before the commit, the temporary file is removed and the target is
 * untouched. A process that exits with a write in flight (a second Ctrl-C, process.exit) removes its temporary files
 * on the way out; one that is killed (SIGKILL, a power cut) leaves them, and the next run that writes the same
 * outputs removes them and says so (recoverInterruptedWrites).
 *
 * DESIGN NOTES
 * - Errors name the user's path, never the temporary file (FileAccessError(target, "cannot write: …")).
 * - The temporary name is `.NAME.PID.RANDOM.tmp`: hidden, unique per process and write, and recognisable, so a later
 *   run can tell a killed writer's file (its PID no longer runs) from a live one's.
 * - `openAtomicFile` streams (the CLI's `eval` writes gigabytes frame by frame); `writeFilesAtomic` prepares several
 *   files and commits them together (a bake's GLB and its report).
 * - All or nothing across files (issue 35): every file is written and fsynced first; the signal is looked at one last
 *   time; then the commit is ONE SYNCHRONOUS BLOCK: the journal (for several files) is written and flushed, every
 *   temporary file is renamed over its target, the journal is removed. JavaScript runs signal handlers only between
 *   tasks, so SIGINT or SIGTERM cannot split the block: a signal that arrives during it is handled after it, when
 *   every output is in place (the caller then says the outputs were written; the exit code is not "cancelled"), and
 *   a second Ctrl-C's process.exit cannot run inside it either. Only SIGKILL (or a power cut) can stop the process
 *   between two renames; the journal, written before the first rename, lists every rename, and the next run that
 *   writes any of those outputs completes them (rolls forward: the temporary files were complete and flushed before
 *   the journal was written), so the outputs are again one run's set. Measured: the block takes well under a
 *   millisecond for two files on ext4 (the journal's fsync dominates).
 * - The journal, `.overlap-commit.PID.RANDOM.journal` in the first target's folder, is JSON { version, renames:
 *   [{ from, to }] } with absolute paths; it is itself written to a temporary name and renamed, so a journal is
 *   always whole. Recovery follows a journal only where each rename moves a temporary file of that PID onto the
 *   target it names in the same folder (`.NAME.PID.*.tmp` → NAME): a planted journal cannot move anything else.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { FileAccessError } from './fileAccessError.ts';
import { fileSystemProblem } from './fileSystemProblem.ts';

/** Temporary files of writes in flight in this process, removed at exit if still there. */
const inFlight = new Set<string>();
let exitHookInstalled = false;

/**
 * For tests only: called inside the commit's synchronous block after each rename but the last (`renamed` targets are
 * in place). The signal test sends the process a real signal from here, between two renames.
 */
export const commitTestHooks: { betweenRenames?: (renamed: number) => void } = {};

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

/** What writeFilesAtomic needs of an open file beyond AtomicFile: flush without renaming, then the rename's names. */
interface PreparedFile extends AtomicFile {
  /** fsyncs and closes the temporary file (signal-checked); afterwards only a commit or a discard */
  flush(): Promise<void>;
  readonly temporary: string;
  /** marks the file committed once its rename was done by the caller */
  committed(): void;
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
  return openPreparedFile(target, signal);
}

async function openPreparedFile(target: string, signal?: AbortSignal): Promise<PreparedFile> {
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
  let state: 'open' | 'flushed' | 'committed' | 'discarded' = 'open';

  const discard = async (): Promise<void> => {
    if (state === 'committed' || state === 'discarded') return;
    state = 'discarded';
    await handle?.close().catch(() => undefined);
    handle = null;
    await rm(temporary, { force: true }).catch(() => undefined);
    inFlight.delete(temporary);
  };
  const guarded = async <T>(expected: 'open' | 'flushed', action: () => Promise<T>): Promise<T> => {
    if (state !== expected) throw new Error(`writeFileAtomic: ${target} was already ${state}`);
    try {
      signal?.throwIfAborted();
      return await action();
    } catch (error) {
      await discard();
      if (signal?.aborted || error instanceof FileAccessError) throw error;
      throw writeError(target, error);
    }
  };
  const flush = () =>
    guarded('open', async () => {
      await handle!.sync();
      await handle!.close();
      handle = null;
      state = 'flushed';
      // The last moment a cancel leaves every target as it was.
      signal?.throwIfAborted();
    });
  const committed = () => {
    state = 'committed';
    inFlight.delete(temporary);
  };
  return {
    path: target,
    temporary,
    write: (data) => guarded('open', async () => void (await handle!.writeFile(data, signal ? { signal } : {}))),
    flush,
    committed,
    commit: async () => {
      await flush();
      try {
        // Synchronous: no signal handler (and no process.exit of a second Ctrl-C) runs between the check above and it.
        renameSync(temporary, target);
      } catch (error) {
        await discard();
        throw writeError(target, error);
      }
      committed();
      await syncFolder(folder);
    },
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
 * Writes several files all or nothing: every file is written and flushed to its temporary first, then all are
 * renamed into place in one synchronous block that no signal handler can split (see the design notes; SIGKILL
 * between two renames is completed by the next run from the journal). A failure while writing, or the signal before
 * the commit, leaves every target as it was. The signal is not looked at once the commit has begun: if it aborted
 * meanwhile, every file was written, and the caller says so.
 *
 * @param files   target paths and their contents
 * @param signal  optional: aborting it before the commit leaves every target as it was
 * @throws FileAccessError naming the target that failed; the signal's reason when aborted before the commit
 */
export async function writeFilesAtomic(files: ReadonlyArray<{ path: string; data: Uint8Array | string }>, signal?: AbortSignal): Promise<void> {
  const opened: PreparedFile[] = [];
  try {
    for (const file of files) {
      const prepared = await openPreparedFile(file.path, signal);
      opened.push(prepared);
      await prepared.write(file.data);
    }
    for (const prepared of opened) await prepared.flush();
    signal?.throwIfAborted();
    commitTogether(opened);
  } finally {
    for (const prepared of opened) await prepared.discard();
  }
  for (const folder of new Set(opened.map((prepared) => path.dirname(prepared.path)))) await syncFolder(folder);
}

/**
 * The commit: journal, renames, journal removed, in one synchronous block (design notes). A rename that fails (the
 * file systems refuse it: practically never, the folders were just written to) stops the block; the renames done
 * so far stay and the error names what was and was not written.
 */
function commitTogether(files: readonly PreparedFile[]): void {
  const journal = files.length > 1 ? writeJournal(files) : null;
  for (let i = 0; i < files.length; i++) {
    try {
      renameSync(files[i].temporary, files[i].path);
    } catch (error) {
      if (journal) rmSync(journal, { force: true });
      const written = files.slice(0, i).map((file) => file.path);
      const problem = writeError(files[i].path, error);
      throw new FileAccessError(
        files[i].path,
        written.length > 0
          ? `${problem.message}; ${written.join(', ')} ${written.length === 1 ? 'was' : 'were'} written, this file and those after it were not`
          : problem.message,
        problem.code,
      );
    }
    files[i].committed();
    if (i < files.length - 1) commitTestHooks.betweenRenames?.(i + 1);
  }
  if (journal) rmSync(journal, { force: true });
}

/** Writes and flushes the journal of a commit of several files; returns its path. */
function writeJournal(files: readonly PreparedFile[]): string {
  const folder = path.dirname(path.resolve(files[0].path));
  const name = `.overlap-commit.${process.pid}.${randomBytes(6).toString('hex')}.journal`;
  const journal = path.join(folder, name);
  const temporary = `${journal}.tmp`;
  const text = JSON.stringify({ version: 1, renames: files.map((file) => ({ from: path.resolve(file.temporary), to: path.resolve(file.path) })) });
  try {
    const fd = openSync(temporary, 'wx', 0o644);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, journal);
    fsyncFolderSync(folder);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw writeError(files[0].path, error);
  }
  return journal;
}

/**
 * Before a command writes `targets`: completes the commit of a run that was killed between its renames (its journal
 * in a target's folder) and removes the temporary files killed runs left for these targets. Files of a process
 * that still runs (another overlap writing there now) are left alone.
 *
 * @param targets  the files the command is about to write
 * @returns one sentence per thing done, naming the files, for the command to print
 */
export function recoverInterruptedWrites(targets: readonly string[]): string[] {
  const done: string[] = [];
  const folders = new Map<string, Set<string>>();
  for (const target of targets) {
    const folder = path.dirname(path.resolve(target));
    if (!folders.has(folder)) folders.set(folder, new Set());
    folders.get(folder)!.add(path.basename(target));
  }
  for (const [folder, names] of folders) {
    let entries: string[];
    try {
      entries = readdirSync(folder);
    } catch {
      continue; // a missing folder: the output check says so
    }
    for (const entry of entries) {
      const journal = /^\.overlap-commit\.(\d+)\.[0-9a-f]+\.journal(\.tmp)?$/.exec(entry);
      if (!journal || isRunning(Number(journal[1]))) continue;
      const file = path.join(folder, entry);
      if (journal[2]) {
        rmSync(file, { force: true });
        continue; // a journal never completed: its run renamed nothing
      }
      const completed = rollForward(file, Number(journal[1]));
      rmSync(file, { force: true });
      if (completed.length > 0)
        done.push(
          `completed the commit of a run killed while writing its outputs: ${completed.join(', ')} now hold${completed.length === 1 ? 's' : ''} that run's output, as its other outputs do`,
        );
    }
    // Entries again: the roll-forward consumed some temporary files.
    for (const entry of readdirSync(folder)) {
      const temporary = /^\.(.+)\.(\d+)\.[0-9a-f]+\.tmp$/.exec(entry);
      // A target's temporary file, or the probe file checkOutputs creates and removes at once (a kill in between).
      if (!temporary || !(names.has(temporary[1]) || temporary[1] === 'overlap-probe') || isRunning(Number(temporary[2]))) continue;
      const file = path.join(folder, entry);
      rmSync(file, { force: true });
      done.push(`removed ${file}, a temporary file a killed run left`);
    }
  }
  return done;
}

/** Does a journal's renames that are not done yet; returns the targets it completed. */
function rollForward(journal: string, pid: number): string[] {
  let renames: Array<{ from: string; to: string }>;
  try {
    const value = JSON.parse(readFileSync(journal, 'utf8')) as { version?: unknown; renames?: unknown };
    if (value.version !== 1 || !Array.isArray(value.renames)) return [];
    renames = value.renames as Array<{ from: string; to: string }>;
  } catch {
    return [];
  }
  const sound = renames.every(
    (r) =>
      typeof r?.from === 'string' &&
      typeof r?.to === 'string' &&
      path.isAbsolute(r.from) &&
      path.dirname(r.from) === path.dirname(r.to) &&
      new RegExp(`^\\.${escapeRegExp(path.basename(r.to))}\\.${pid}\\.[0-9a-f]+\\.tmp$`).test(path.basename(r.from)),
  );
  if (!sound) return [];
  const completed: string[] = [];
  for (const { from, to } of renames) {
    try {
      renameSync(from, to);
      completed.push(to);
    } catch {
      // Already renamed before the kill (or removed since): nothing to complete.
    }
  }
  for (const folder of new Set(completed.map((to) => path.dirname(to)))) fsyncFolderSync(folder);
  return completed;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a process with this id runs now (it may be another program that got the id: then its files are kept). */
function isRunning(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
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

function fsyncFolderSync(folder: string): void {
  if (process.platform === 'win32') return;
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // As syncFolder.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const temporary of inFlight) rmSync(temporary, { force: true });
  });
}
