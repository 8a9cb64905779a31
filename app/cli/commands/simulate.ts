import type { Command } from 'commander';
import { notBuilt } from '../notBuilt.ts';

/** `overlap simulate`: Run a standalone VBD scene (JSON) and write the positions. Not built yet: exits 2 and says so. */
export function register(program: Command): void {
  program
    .command('simulate')
    .description('Run a standalone VBD scene (JSON) and write the positions (not built yet)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => notBuilt('overlap simulate'));
}
