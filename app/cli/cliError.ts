/**
 * The one error type the CLI turns into `overlap: FILE: what is wrong` on stderr and exit code 2.
 * Engine code throws its own errors; command handlers wrap them with the file they were reading.
 */
export class CliError extends Error {
  /** @param file  the file the problem is in, or '' when no file is involved */
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Exit code for bad input, unsupported options and features not built yet. */
export const EXIT_USAGE = 2;
