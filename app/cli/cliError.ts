/**
 * The `overlap` command line's exit codes, one table for every command (README "Command line", docs/bake.md):
 *
 * | code | meaning |
 * |---|---|
 * | 0 | success |
 * | 2 | bad input or usage: a malformed file, an unknown option, a value out of range, a feature not built yet |
 * | 3 | I/O error: a file the user named cannot be read or written (missing, a folder, no permission, disk full) |
 * | 4 | cancelled: Ctrl-C (SIGINT) or SIGTERM; nothing was written |
 * | 5 | simulation failure: a frame is not finite or the solver diverged; nothing was written |
 * | 1 | internal error: a bug (`overlap: internal error: …`), never a user's mistake |
 *
 * CliError is the error a command throws to end with `overlap: FILE: what is wrong` on stderr and one of these codes;
 * main.ts also maps the engine's own errors (import, file access, cancellation, simulation) to this table.
 */
export const EXIT_OK = 0;
export const EXIT_INTERNAL = 1;
/** Exit code for bad input, unsupported options and features not built yet. */
export const EXIT_USAGE = 2;
export const EXIT_IO = 3;
export const EXIT_CANCELLED = 4;
export const EXIT_SIMULATION = 5;

/** One of the exit codes above. */
export type ExitCode = typeof EXIT_OK | typeof EXIT_INTERNAL | typeof EXIT_USAGE | typeof EXIT_IO | typeof EXIT_CANCELLED | typeof EXIT_SIMULATION;

/** An error the CLI prints as `overlap: FILE: what is wrong` and exits with `exitCode` (bad input, 2, by default). */
export class CliError extends Error {
  /**
   * @param file      the file the problem is in, or '' when no file is involved
   * @param message   what is wrong, one sentence
   * @param exitCode  the exit code (EXIT_USAGE by default; EXIT_IO, EXIT_CANCELLED, EXIT_SIMULATION)
   */
  constructor(
    readonly file: string,
    message: string,
    readonly exitCode: ExitCode = EXIT_USAGE,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
