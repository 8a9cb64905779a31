/**
 * The open document's PaintDocument (painted arrays, defaults, selection, history), created on first
 * use from the engine's ImportedScene in sceneRegistry and dropped when another document opens.
 * Documents only three.js could read (no ImportedScene) cannot be painted: null.
 */
import { registeredDocument } from '../document/sceneRegistry.ts';
import { createPaintDocument, type PaintDocument } from './paintDocument.ts';

let current: PaintDocument | null = null;

export function paintDocument(documentId: number | null): PaintDocument | null {
  if (documentId === null) return null;
  if (current?.documentId === documentId) return current;
  const imported = registeredDocument(documentId)?.imported;
  if (!imported) return null;
  current = createPaintDocument(documentId, imported);
  return current;
}
