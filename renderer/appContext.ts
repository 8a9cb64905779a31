/** React context carrying the commands, the host and the lattice overlay's engine worker, created once in main.tsx. */
import { createContext, useContext } from 'react';
import type { Commands } from './commands.ts';
import type { OverlapHost } from './host/index.ts';
import type { PoseEditor } from './pose/poseEditor.ts';
import type { EngineClient } from './workers/engineClient.ts';

export interface AppContextValue {
  commands: Commands;
  host: OverlapHost;
  /** builds and poses the lattice overlay and checks the intersection overlay's frames (a worker of its own, so both stay live during a bake) */
  latticeEngine: EngineClient | null;
  /** the Pose tool's drags (they run in the lattice overlay's worker: interactive, and live during a bake) */
  poseEditor?: PoseEditor | null;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside <AppContext.Provider>');
  return value;
}
