/**
 * The one error type the CLI turns into `overlap: FILE: what is wrong` on stderr and an exit code (2, bad input,
 * unless the thrower says otherwise). Engine code throws its own errors; command handlers wrap them with the file
 * they were reading.
 */
export class CliError extends Error {
  /**
   * @param file      the file the problem is in, or '' when no file is involved
   * @param message   what is wrong
   * @param exitCode  the process exit code (default EXIT_USAGE; see the table below)
   */
  constructor(
    readonly file: string,
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Exit codes, the same in every command (docs/farm.md): */
/** 0: done. */
export const EXIT_OK = 0;
/** 2: bad input, unsupported options and features not built yet. */
export const EXIT_USAGE = 2;
/** 3: a file could not be read or written (disk full, permissions). */
export const EXIT_IO = 3;
/** 4: cancelled (SIGINT, SIGTERM); nothing was written. */
export const EXIT_CANCELLED = 4;
/** 5: the simulation failed (it produced values that are not finite); nothing was written. */
export const EXIT_SIMULATION = 5;
