/**
 * A file the user named (or one a glTF names) cannot be read or written: missing, a folder, not a regular file,
 * too large, no permission, a full or read-only disk. `file` is the path as the user wrote it, never a temporary
 * file; `message` is one sentence (fileSystemProblem). The CLI exits with its I/O code for these.
 */
export class FileAccessError extends Error {
  /**
   * @param file     the path the user named
   * @param message  what went wrong, e.g. "cannot be read: no such file or folder"
   * @param code     the errno code (ENOENT, ENOSPC…) when the operating system gave one
   */
  constructor(
    readonly file: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'FileAccessError';
  }
}
