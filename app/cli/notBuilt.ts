import { CliError } from './cliError.ts';

/**
 * Thrown by subcommands (and flags) whose feature is not built yet: exit 2 with a plain sentence.
 *
 * @param what  the feature, as the sentence's subject (`--self-contact`)
 * @returns never: always throws a CliError saying that `what` is not built yet
 */
export function notBuilt(what: string): never {
  throw new CliError('', `${what} is not built yet in this version of Overlap`);
}
