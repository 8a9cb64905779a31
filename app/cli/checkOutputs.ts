/**
 * Before a command does any work, its outputs are checked against its inputs and the file system: an output that is
 * the same file as an input or as another output (after resolving symbolic links, or a hard link to it) is refused,
 * so `--report` equal to `--out` or to the input cannot replace a GLB with a JSON report; and each output's folder
 * must exist and take a new file (a probe file is created and removed: the only test that holds for read-only
 * mounts and for root alike), with room for the output's estimated size. Problems the user can only learn after a
 * long bake are learnt before it. Then what a killed run left beside these outputs is cleaned up, and said
 * (recoverInterruptedWrites: a commit cut between two renames is completed, stale temporary files removed).
 */
import { randomBytes } from 'node:crypto';
import { open, realpath, rm, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import { fileSystemProblem, openRegularFile, recoverInterruptedWrites } from '../io/node/index.ts';
import { CliError, EXIT_IO, EXIT_USAGE } from './cliError.ts';
import { bytesText } from './bytesText.ts';

/** A file a command reads or writes, with the option that named it (`--out`, `--report`, `the input`). */
export interface NamedFile {
  what: string;
  path: string;
  /** inputs: must exist and be a regular file readable now (checked by opening it, without reading) */
  required?: boolean;
  /** outputs: the expected size [bytes], checked against the folder's free space */
  estimatedBytes?: number;
}

interface Identity {
  real: string;
  device?: number;
  inode?: number;
}

/**
 * Refuses aliased outputs and outputs that cannot be written, before any work.
 *
 * @param inputs   files the command reads (`required` ones must be readable regular files; other missing ones are
 *                 skipped: reading them reports the problem)
 * @param outputs  files the command writes (`-`, standard output, is skipped)
 * @throws CliError with EXIT_USAGE for an output that aliases another file, EXIT_IO for one that cannot be written;
 *         FileAccessError for a required input that cannot be read
 */
export async function checkOutputs(inputs: readonly NamedFile[], outputs: readonly NamedFile[]): Promise<void> {
  const known: Array<{ file: NamedFile; identity: Identity }> = [];
  for (const file of inputs) {
    if (file.required) await checkReadable(file.path);
    const identity = await existingIdentity(file.path);
    if (identity) known.push({ file, identity });
  }
  for (const file of outputs) {
    if (file.path === '-') continue;
    const identity = await outputIdentity(file);
    for (const other of known) {
      if (sameFile(identity, other.identity)) {
        throw new CliError(
          file.path,
          `${file.what} is the same file as ${other.file.what} (${other.file.path}); writing it would destroy that file`,
          EXIT_USAGE,
        );
      }
    }
    known.push({ file, identity });
  }
  for (const done of recoverInterruptedWrites(outputs.filter((file) => file.path !== '-').map((file) => file.path))) process.stderr.write(`overlap: ${done}\n`);
}

/** Opens a required input as a regular file (without blocking on a FIFO) and without reading it, to fail before any work. */
async function checkReadable(file: string): Promise<void> {
  const { handle } = await openRegularFile(file);
  await handle.close();
}

function sameFile(a: Identity, b: Identity): boolean {
  if (a.real === b.real) return true;
  return a.inode !== undefined && a.device === b.device && a.inode === b.inode;
}

async function existingIdentity(file: string): Promise<Identity | null> {
  try {
    const real = await realpath(file);
    const info = await stat(real);
    return { real, device: info.dev, inode: info.ino };
  } catch {
    return null;
  }
}

/** Where an output will land, after checking its folder takes a new file. */
async function outputIdentity(file: NamedFile): Promise<Identity> {
  const existing = await existingIdentity(file.path);
  if (existing) {
    const info = await stat(existing.real);
    if (info.isDirectory()) throw new CliError(file.path, `${file.what} is a folder; give a file name`, EXIT_IO);
  }
  const folder = path.dirname(path.resolve(file.path));
  let realFolder: string;
  try {
    realFolder = await realpath(folder);
    if (!(await stat(realFolder)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? `the folder ${path.dirname(file.path)} does not exist`
        : code === 'ENOTDIR'
          ? `${path.dirname(file.path)} is not a folder`
          : fileSystemProblem(error);
    throw new CliError(file.path, `cannot write: ${reason}`, EXIT_IO);
  }
  const probe = path.join(realFolder, `.overlap-probe.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await (await open(probe, 'wx', 0o600)).close();
  } catch (error) {
    throw new CliError(file.path, `cannot write: ${fileSystemProblem(error)}`, EXIT_IO);
  } finally {
    await rm(probe, { force: true });
  }
  if (file.estimatedBytes !== undefined) {
    const space = await statfs(realFolder).catch(() => null);
    const free = space ? space.bavail * space.bsize : Number.POSITIVE_INFINITY;
    // The temporary file and the old file coexist until the rename.
    if (file.estimatedBytes > free) {
      throw new CliError(file.path, `cannot write: about ${bytesText(file.estimatedBytes)} are needed but the disk has ${bytesText(free)} free`, EXIT_IO);
    }
  }
  return existing ?? { real: path.join(realFolder, path.basename(file.path)) };
}
