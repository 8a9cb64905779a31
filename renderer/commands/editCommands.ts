/**
 * Undo and Redo: the store's history (zustand temporal), or the focused text field's own. Creating them also
 * keeps the painted arrays in step with the history: undo and redo restore the store's `paintStep`, and the
 * paint document's arrays follow it, whoever changed it.
 */
import type { Commands } from '../commands.ts';
import { paintDocument } from '../paint/paintRegistry.ts';
import type { OverlapStore } from '../store/index.ts';
import { isEditingText } from './isEditingText.ts';

export function editCommands(store: OverlapStore): Pick<Commands, 'undo' | 'redo'> {
  store.subscribe((state, previous) => {
    if (state.paintStep === previous.paintStep || state.documentId !== previous.documentId) return;
    const paint = paintDocument(state.documentId);
    if (paint && paint.history.applied !== state.paintStep && paint.history.moveTo(state.paintStep, paint.arrays)) state.paintChanged();
  });
  return {
    undo() {
      // In a text field, undo is the field's own (the native menu routes Cmd/Ctrl+Z here too).
      if (isEditingText(document.activeElement)) {
        document.execCommand('undo');
        return;
      }
      store.temporal.getState().undo();
    },
    redo() {
      if (isEditingText(document.activeElement)) {
        document.execCommand('redo');
        return;
      }
      store.temporal.getState().redo();
    },
  };
}
