import type { Command } from 'commander';
import { notBuilt } from '../notBuilt.ts';

/**
 * `overlap arap`: Contact-aware as-rigid-as-possible pose editing from handles. Not built yet: exits 2 and says so.
 *
 * @param program  the `overlap` commander program to add the subcommand to
 */
export function register(program: Command): void {
  program
    .command('arap')
    .description('Contact-aware as-rigid-as-possible pose editing from handles (not built yet)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => notBuilt('overlap arap'));
}
