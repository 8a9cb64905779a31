/**
 * Asking the user: `ask(store, …)` shows the in-window prompt dialog (panels/PromptDialog.tsx) and
 * resolves with the id of the choice made (the last choice, "Cancel", when the dialog is dismissed
 * with Esc). One prompt at a time: a second question waits for the first to be answered.
 */
import type { OverlapStore, PromptRequest } from './store/index.ts';

let nextId = 1;
const answers = new Map<number, (choice: string) => void>();
let queue: Promise<unknown> = Promise.resolve();

export function ask(store: OverlapStore, request: Omit<PromptRequest, 'id'>): Promise<string> {
  const asked = queue.then(
    () =>
      new Promise<string>((resolve) => {
        const id = nextId++;
        answers.set(id, resolve);
        store.getState().showPrompt({ ...request, id });
      }),
  );
  queue = asked.catch(() => undefined);
  return asked;
}

/** The dialog's answer (PromptDialog calls it). */
export function answerPrompt(store: OverlapStore, id: number, choice: string): void {
  const resolve = answers.get(id);
  answers.delete(id);
  if (store.getState().prompt?.id === id) store.getState().showPrompt(null);
  resolve?.(choice);
}
