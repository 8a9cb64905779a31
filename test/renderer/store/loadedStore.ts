/** A fresh store with `document` loaded and an empty undo history (the load is not an edit the tests undo). */
import { createOverlapStore, type LoadedDocument } from '../../../renderer/store/index.ts';

export function loadedStore(document: LoadedDocument): ReturnType<typeof createOverlapStore> {
  const store = createOverlapStore();
  store.getState().documentLoaded(document);
  store.temporal.getState().clear();
  return store;
}
