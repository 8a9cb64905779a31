import type { Command } from 'commander';
import { notBuilt } from '../notBuilt.ts';

/** `overlap inspect`: Report meshes, welded topology, clips and bounds of a glTF file. Not built yet: exits 2 and says so. */
export function register(program: Command): void {
  program
    .command('inspect')
    .description('Report meshes, welded topology, clips and bounds of a glTF file (not built yet)')
    .allowUnknownOption(true)
    .allowExcessArguments(true)
    .action(() => notBuilt('overlap inspect'));
}
