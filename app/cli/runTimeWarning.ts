/**
 * One rule for runs the machine cannot finish, in every command that estimates its cost (simulate, embed, bake): a
 * run estimated above MAX_RUN_SECONDS is refused before it starts, as bad input (exit 2, "a setting the machine
 * cannot finish" in the README's exit-code table), with the estimate and what to lower; `--allow-long` runs it anyway,
 * for a farm that means it. A run estimated above LONG_RUN_SECONDS is announced with its estimate. (A bake estimated
 * at two days only warned, where simulate refused past a day.)
 */
import { CliError } from './cliError.ts';
import { durationText } from './durationText.ts';

/** Runs estimated above this [s] are announced before they start. */
export const LONG_RUN_SECONDS = 600;
/** Runs estimated above this [s] are refused unless --allow-long: a day, the longest a farm task is usually left. */
export const MAX_RUN_SECONDS = 24 * 3600;

/** What runTimeWarning says about a run. */
export interface RunEstimate {
  /** the file the settings come from, for `overlap: FILE: …` */
  file: string;
  /** the run, as a sentence begins: 'this bake', 'this run', 'this embedding' */
  what: string;
  /** the sizes behind the estimate, or '' */
  why: string;
  /** what to lower, as advice: 'lower frames, substeps or iterations' */
  lower: string;
  /** --allow-long was given */
  allowLong: boolean;
}

/**
 * Applies the rule to an estimate.
 *
 * @param seconds  the run's estimated wall time [s]
 * @param run      file, wording and --allow-long
 * @returns the warning to print before a long run (without `overlap: warning: `), or null for a short one
 * @throws CliError (exit 2) naming the file, the estimate, the limit, what to lower and --allow-long, past the limit
 */
export function runTimeWarning(seconds: number, run: RunEstimate): string | null {
  const about = `about ${durationText(seconds)}${run.why ? ` (${run.why})` : ''}`;
  if (seconds > MAX_RUN_SECONDS && !run.allowLong) {
    throw new CliError(
      run.file,
      `${run.what} would take ${about}, more than the ${durationText(MAX_RUN_SECONDS)} a run may take without --allow-long: ${run.lower}, or give --allow-long to run it anyway`,
    );
  }
  return seconds > LONG_RUN_SECONDS ? `${run.what} is estimated to take ${about} (Ctrl-C cancels)` : null;
}
