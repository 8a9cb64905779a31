/** React context carrying the commands, the host and the engine workers the viewport's overlays use, created once in main.tsx. */
import { createContext, useContext } from 'react';
import type { Commands } from './commands.ts';
import type { OverlapHost } from './host/index.ts';
import type { PoseEditor } from './pose/poseEditor.ts';
import type { EngineClient } from './workers/engineClient.ts';

export interface AppContextValue {
  commands: Commands;
  host: OverlapHost;
  /** checks the intersection overlay's frames and runs the Pose tool's drags (a worker of its own: live during a bake) */
  poseEngine: EngineClient | null;
  /**
   * the live preview's worker: the lattice overlay draws its simulation session's lattice (one session, so a frame the
   * live preview simulated is not simulated again for the overlay)
   */
  previewEngine: EngineClient | null;
  /** the Pose tool's drags (they run in poseEngine's worker: interactive, and live during a bake) */
  poseEditor?: PoseEditor | null;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside <AppContext.Provider>');
  return value;
}
