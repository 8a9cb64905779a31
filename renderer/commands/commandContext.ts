/**
 * What every group of commands (renderer/commands.ts) works with: the host for files, the store for state, and
 * the two ways a command reports to the user instead of throwing into React.
 */
import { readableError } from '../document/readableError.ts';
import type { OverlapHost } from '../host/index.ts';
import type { OverlapStore } from '../store/index.ts';

export interface CommandContext {
  readonly host: OverlapHost;
  readonly store: OverlapStore;
  /** a notice; `topic` groups notices that a later success resolves */
  notify(level: 'info' | 'warning' | 'error', text: string, topic?: string): void;
  /** a catch handler that shows `error` as a readable notice on `what` (renderer/document/readableError.ts) */
  failed(what: string, topic: string): (error: unknown) => void;
}

export function commandContext(host: OverlapHost, store: OverlapStore): CommandContext {
  const notify = (level: 'info' | 'warning' | 'error', text: string, topic?: string): void => {
    store.getState().notify(level, text, topic);
  };
  const failed =
    (what: string, topic: string) =>
    (error: unknown): void =>
      notify('error', readableError(error, what), topic);
  return { host, store, notify, failed };
}
