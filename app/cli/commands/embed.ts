import type { Command } from 'commander';
import { notBuilt } from '../notBuilt.ts';

/** `overlap embed`: Embed a surface mesh in a lattice of tetrahedra. Not built yet: exits 2 and says so. */
export function register(program: Command): void {
  program
    .command('embed')
    .description('Embed a surface mesh in a lattice of tetrahedra (not built yet)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => notBuilt('overlap embed'));
}
