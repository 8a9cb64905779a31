/**
 * The guard every command that replaces the document passes first: work is never lost silently, so over unsaved
 * changes or a bake that was not exported it asks (Save, Discard, Cancel; or Export, Discard, Cancel).
 */
import { ask } from '../prompt.ts';
import { isDirty } from '../store/index.ts';
import type { Commands } from '../commands.ts';
import type { CommandContext } from './commandContext.ts';
import { hasUnsavedWork } from './hasUnsavedWork.ts';

/**
 * @param saving  the Save and Export commands the user's answer may run
 * @returns  `mayReplace(action)`: asks, naming `action` ("Opening a project"), when replacing would lose work; resolves
 *   true to go ahead (nothing to lose, saved, exported, or discarded), false to stop
 */
export function replaceGuard({ store }: CommandContext, saving: Pick<Commands, 'save' | 'exportGltf'>): (action: string) => Promise<boolean> {
  return async function mayReplace(action: string): Promise<boolean> {
    const state = store.getState();
    if (!state.source || !hasUnsavedWork(state)) return true;
    const dirty = isDirty(state);
    const name = state.project?.name ?? state.source.name;
    const choice = await ask(store, {
      title: dirty ? 'Save your changes?' : 'Export the bake first?',
      message: dirty
        ? `${name} has unsaved changes${state.baked && !state.baked.exported ? ' and a bake that was not exported' : ''}. ${action} replaces it.`
        : `The bake of "${state.baked!.clip}" was not exported. ${action} discards it.`,
      choices: dirty
        ? [
            { id: 'save', label: 'Save…', kind: 'primary' },
            { id: 'discard', label: 'Discard changes', kind: 'danger' },
            { id: 'cancel', label: 'Cancel', kind: 'plain' },
          ]
        : [
            { id: 'export', label: 'Export…', kind: 'primary' },
            { id: 'discard', label: 'Discard bake', kind: 'danger' },
            { id: 'cancel', label: 'Cancel', kind: 'plain' },
          ],
    });
    if (choice === 'save') return saving.save(false);
    if (choice === 'export') {
      await saving.exportGltf();
      return store.getState().baked?.exported === true;
    }
    return choice === 'discard';
  };
}
