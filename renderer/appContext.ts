/** React context carrying the commands and the host, created once in main.tsx. */
import { createContext, useContext } from 'react';
import type { Commands } from './commands.ts';
import type { OverlapHost } from './host/index.ts';

export interface AppContextValue {
  commands: Commands;
  host: OverlapHost;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useApp outside <AppContext.Provider>');
  return value;
}
