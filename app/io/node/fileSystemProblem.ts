/**
 * The plain-words reason of a file-system error (Node's errno codes, see errno(3)), for messages that name the
 * user's file: `overlap: out/fox.glb: cannot write: no space left on the device`.
 */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file or folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exceeded',
  EFBIG: 'the file is too large for the file system',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENAMETOOLONG: 'the path is too long',
  ELOOP: 'too many levels of symbolic links',
  EIO: 'input/output error on the device',
  EBUSY: 'the file is busy',
  EXDEV: 'the temporary file and the target are on different file systems',
  EEXIST: 'already exists',
};

/**
 * One short sentence for a file-system error.
 *
 * @param error  what fs threw (an ErrnoException, or anything)
 * @returns the reason in plain words, with the errno code in parentheses when there is one
 */
export function fileSystemProblem(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return REASONS[code] ? `${REASONS[code]} (${code})` : `${code}`;
  return error instanceof Error ? error.message : String(error);
}
