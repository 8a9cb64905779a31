/** Help: the keyboard shortcuts (Help › Keyboard Shortcuts, or ?) and the getting-started card. */
import type { ReactElement } from 'react';
import { overlapStore, useOverlap } from '../store/index.ts';
import { useModalDialog } from './useModalDialog.ts';

const SHORTCUTS: Array<[string, string]> = [
  ['Tab (over the viewport) or Ctrl+Tab', 'Weight paint mode on / off'],
  ['Left-drag (paint mode)', 'Paint; Shift: smooth; Ctrl: invert add/subtract'],
  ['[ / ]', 'Brush radius smaller / larger (Shift: strength)'],
  ['W / E', 'Pose tool: move / rotate gizmo'],
  ['Middle-drag (paint mode)', 'Orbit'],
  ['F6', 'Move focus to the next panel'],
  ['Space', 'Play / pause'],
  ['← / →', 'Previous / next frame (Shift: 10 frames)'],
  ['Home / End', 'First / last frame'],
  ['L', 'Toggle loop'],
  ['F', 'Frame the selected mesh (nothing selected: everything)'],
  ['Esc', 'Clear selection'],
  ['Ctrl/⌘ O', 'Open project'],
  ['Ctrl/⌘ I', 'Import glTF'],
  ['Ctrl/⌘ S', 'Save (Shift: Save As)'],
  ['Ctrl/⌘ E', 'Export glTF'],
  ['Ctrl/⌘ Z', 'Undo (Shift or Ctrl+Y: Redo)'],
  ['Mouse', 'Left-drag orbit · right-drag pan · wheel zoom toward the cursor · click select · double-click an outliner mesh to frame it'],
];

export function ShortcutsDialog(): ReactElement | null {
  const open = useOverlap((state) => state.shortcutsOpen);
  const ref = useModalDialog(open);
  return (
    <dialog ref={ref} className="dialog" onClose={() => overlapStore.getState().setShortcutsOpen(false)} aria-labelledby="shortcuts-title">
      <h2 id="shortcuts-title">Help · keyboard shortcuts</h2>
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
      <form method="dialog" className="dialog-actions">
        <button
          type="button"
          className="secondary-button"
          title="Show the getting-started card again"
          onClick={() => {
            overlapStore.getState().setShortcutsOpen(false);
            overlapStore.getState().setFirstRunOpen(true);
          }}
          data-testid="help-getting-started"
        >
          Getting started
        </button>
        <button type="submit" className="text-button" autoFocus title="Close Help">
          Close
        </button>
      </form>
    </dialog>
  );
}
