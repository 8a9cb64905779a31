/** Bake (the workspace's settings, in the engine worker) and Cancel bake. */
import type { Commands } from '../commands.ts';
import { createBakeRunner } from '../document/bakeRunner.ts';
import type { EngineClient } from '../workers/engineClient.ts';
import type { CommandContext } from './commandContext.ts';

/** @param engine  the engine worker's client; null where no worker can run (Bake then says so) */
export function bakeCommands({ store, notify }: CommandContext, engine: EngineClient | null): Pick<Commands, 'bake' | 'cancelBake'> {
  const bakeRunner = engine ? createBakeRunner(store, engine) : null;
  return {
    async bake() {
      if (!bakeRunner) return notify('error', 'Bake is not available: the engine worker could not be started', 'bake');
      await bakeRunner.start();
    },
    cancelBake() {
      bakeRunner?.cancel();
    },
  };
}
