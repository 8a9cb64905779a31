import type { Command } from 'commander';
import { notBuilt } from '../notBuilt.ts';

/** `overlap eval`: Evaluate world-space vertex positions of a clip at a time or over frames. Not built yet: exits 2 and says so. */
export function register(program: Command): void {
  program
    .command('eval')
    .description('Evaluate world-space vertex positions of a clip at a time or over frames (not built yet)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => notBuilt('overlap eval'));
}
