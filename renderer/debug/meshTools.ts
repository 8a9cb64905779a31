import { paintSession } from '../paint/paintSession.ts';
import type { OverlapStore } from '../store/index.ts';

/** The paint tools (paint arrays, picker) of a mesh of the open document, or null before its paint session exists. */
export function meshTools(store: OverlapStore, mesh: string): ReturnType<NonNullable<ReturnType<typeof paintSession>>['tools']> {
  return paintSession(store.getState().documentId)?.tools(mesh) ?? null;
}
