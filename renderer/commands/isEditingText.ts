/** True when keyboard focus is in a text field, where undo/redo and Space belong to the field. */
export function isEditingText(element: Element | null): boolean {
  if (!element) return false;
  const tag = element.tagName;
  if (tag === 'TEXTAREA') return true;
  if (tag === 'INPUT') return !['button', 'checkbox', 'radio', 'range', 'file', 'color'].includes((element as HTMLInputElement).type);
  return (element as HTMLElement).isContentEditable === true;
}
