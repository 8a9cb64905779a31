/** The keyboard shortcut reference (Help › Keyboard Shortcuts, or ?). */
import { useEffect, useRef, type ReactElement } from 'react';
import { overlapStore, useOverlap } from '../store/index.ts';

const SHORTCUTS: Array<[string, string]> = [
  ['Space', 'Play / pause'],
  ['← / →', 'Previous / next frame (Shift: 10 frames)'],
  ['Home / End', 'First / last frame'],
  ['L', 'Toggle loop'],
  ['F', 'Frame all'],
  ['Esc', 'Clear selection'],
  ['Ctrl/⌘ O', 'Open project'],
  ['Ctrl/⌘ I', 'Import glTF'],
  ['Ctrl/⌘ S', 'Save (Shift: Save As)'],
  ['Ctrl/⌘ E', 'Export glTF'],
  ['Ctrl/⌘ Z', 'Undo (Shift or Ctrl+Y: Redo)'],
  ['Mouse', 'Left-drag orbit · right-drag pan · wheel zoom · click select'],
];

export function ShortcutsDialog(): ReactElement | null {
  const open = useOverlap((state) => state.shortcutsOpen);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" onClose={() => overlapStore.getState().setShortcutsOpen(false)} aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Keyboard shortcuts</h2>
      <table className="shortcut-table">
        <tbody>
          {SHORTCUTS.map(([keys, action]) => (
            <tr key={keys}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{action}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" className="text-button" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  );
}
