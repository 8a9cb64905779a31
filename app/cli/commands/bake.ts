import type { Command } from 'commander';
import { notBuilt } from '../notBuilt.ts';

/** `overlap bake`: Bake secondary motion into a glTF animation and export it. Not built yet: exits 2 and says so. */
export function register(program: Command): void {
  program
    .command('bake')
    .description('Bake secondary motion into a glTF animation and export it (not built yet)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => notBuilt('overlap bake'));
}
