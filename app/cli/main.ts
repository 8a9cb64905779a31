/**
 * The `overlap` command line: a thin layer over the engine that nothing imports.
 * Each subcommand lives in `commands/<name>.ts` and registers itself on the program.
 * Errors end the run with `overlap: FILE: what is wrong` on stderr and the exit code of one table for every
 * command (cliError.ts: 2 bad input, 3 I/O, 4 cancelled, 5 simulation failure); anything else that escapes is a bug
 * and prints `overlap: internal error: ...` with exit 1.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { BakeError } from '../bake/index.ts';
import { BakeInputError } from '../bake/node/index.ts';
import { GltfImportError } from '../io/index.ts';
import { FileAccessError, JsonFileError } from '../io/node/index.ts';
import { NonFiniteValueError } from '../export/index.ts';
import { SimulationError } from '../solvers/vbd/index.ts';
import { isCancellation, startCancellation } from './cancellation.ts';
import { CliError, EXIT_CANCELLED, EXIT_INTERNAL, EXIT_IO, EXIT_OK, EXIT_SIMULATION, EXIT_USAGE, type ExitCode } from './cliError.ts';
import type { CliServices } from './cliServices.ts';
import { terminalText } from './terminalText.ts';
import { register as registerInspect } from './commands/inspect.ts';
import { register as registerEval } from './commands/eval.ts';
import { register as registerSimulate } from './commands/simulate.ts';
import { register as registerEmbed } from './commands/embed.ts';
import { register as registerArap } from './commands/arap.ts';
import { register as registerBake } from './commands/bake.ts';
import { register as registerCheck } from './commands/check.ts';

function packageVersion(): string {
  const url = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(url, 'utf8')) as { version: string }).version;
}

/**
 * Builds the program; exported for tests that check the subcommand list.
 *
 * @param services  what the entry hands in from outside app/ (the GPU for `bake --backend`)
 * @returns the commander program with every subcommand registered (exitOverride: errors throw, nothing exits)
 */
export function createProgram(services: CliServices = {}): Command {
  const program = new Command('overlap')
    .description('Overlap: physics-driven secondary motion for keyframed glTF characters')
    .version(packageVersion(), '-v, --version', 'print the version')
    .showHelpAfterError()
    .exitOverride();
  for (const register of [registerInspect, registerEval, registerSimulate, registerEmbed, registerArap, registerBake, registerCheck]) {
    register(program, services);
  }
  return program;
}

/**
 * Runs the CLI on argv (without node and script) and returns the exit code.
 *
 * @param argv      the arguments after `overlap`
 * @param services  what bin/overlap.mjs hands in from outside app/ (the GPU; see CliServices)
 * @returns the exit code of the table in cliError.ts
 */
export async function main(argv: string[], services: CliServices = {}): Promise<ExitCode> {
  const program = createProgram(services);
  const cancellation = startCancellation();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version arrive here with exit code 0; usage errors were already printed.
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    }
    const { code, file, message } = outcome(error);
    // The file's name and the message may carry text from a file (names, values): control characters escaped.
    process.stderr.write(terminalText(file ? `overlap: ${file}: ${message}` : `overlap: ${message}`) + '\n');
    return code;
  } finally {
    cancellation.stop();
  }
}

/** The exit code and message of an error that ended a command. */
function outcome(error: unknown): { code: ExitCode; file: string; message: string } {
  if (error instanceof CliError) return { code: error.exitCode, file: error.file, message: error.message };
  if (isCancellation(error)) return { code: EXIT_CANCELLED, file: '', message: 'cancelled; nothing was written' };
  if (error instanceof FileAccessError) return { code: EXIT_IO, file: error.file, message: error.message };
  if (error instanceof GltfImportError || error instanceof BakeInputError || error instanceof JsonFileError)
    return { code: EXIT_USAGE, file: error.file, message: error.message };
  if (error instanceof BakeError) return { code: EXIT_USAGE, file: '', message: error.message };
  if (error instanceof NonFiniteValueError) return { code: EXIT_SIMULATION, file: '', message: `the simulation failed: ${error.message}; nothing was written` };
  if (error instanceof SimulationError) return { code: EXIT_SIMULATION, file: '', message: `${error.message}; nothing was written` };
  const message = error instanceof Error ? error.message : String(error);
  const stack = error instanceof Error && process.env.OVERLAP_DEBUG ? `\n${error.stack}` : '';
  return { code: EXIT_INTERNAL, file: '', message: `internal error: ${message}${stack}` };
}
