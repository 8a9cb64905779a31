import { CliError } from './cliError.ts';

/** Thrown by subcommands (and flags) whose feature is not built yet: exit 2 with a plain sentence. */
export function notBuilt(what: string): never {
  throw new CliError('', `${what} is not built yet in this version of Overlap`);
}
