/**
 * The `overlap` command line: a thin layer over the engine that nothing imports.
 * Each subcommand lives in `commands/<name>.ts` and registers itself on the program.
 * Errors: a CliError prints `overlap: FILE: what is wrong` on stderr and exits 2; any other
 * error is a bug and prints `overlap: internal error: ...` with exit 1.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { CliError, EXIT_USAGE } from './cliError.ts';
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
 * @returns the commander program with every subcommand registered (exitOverride: errors throw, nothing exits)
 */
export function createProgram(): Command {
  const program = new Command('overlap')
    .description('Overlap: physics-driven secondary motion for keyframed glTF characters')
    .version(packageVersion(), '-v, --version', 'print the version')
    .showHelpAfterError()
    .exitOverride();
  for (const register of [registerInspect, registerEval, registerSimulate, registerEmbed, registerArap, registerBake, registerCheck]) {
    register(program);
  }
  return program;
}

/**
 * Runs the CLI on argv (without node and script) and returns the exit code.
 *
 * @param argv  the arguments after `overlap`
 * @returns 0 on success, 2 for a usage or input error (printed as `overlap: FILE: problem`)
 */
export async function main(argv: string[]): Promise<number> {
  const program = createProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version arrive here with exit code 0; usage errors were already printed.
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    if (error instanceof CliError) {
      process.stderr.write(error.file ? `overlap: ${error.file}: ${error.message}\n` : `overlap: ${error.message}\n`);
      return EXIT_USAGE;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`overlap: internal error: ${message}\n`);
    return 1;
  }
}
