import { isDirty, type OverlapStore } from '../store/index.ts';

/** True when closing or replacing the document would lose something: unsaved edits, or a bake not exported. */
export function hasUnsavedWork(state: ReturnType<OverlapStore['getState']>): boolean {
  return isDirty(state) || (state.baked !== null && !state.baked.exported);
}
