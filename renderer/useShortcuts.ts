/**
 * Keyboard shortcuts of the window. Playback and view keys work in both hosts whenever focus is
 * not in a text field. File and edit shortcuts (Ctrl/⌘ + O, I, S, E, Z, Y) are handled here only in
 * the browser; in Electron the native menu owns them as accelerators.
 */
import { useEffect } from 'react';
import { isEditingText, type Commands } from './commands.ts';
import type { OverlapHost } from './host/index.ts';
import { overlapStore } from './store/index.ts';

export function useShortcuts(commands: Commands, host: OverlapHost): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
      const modifier = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (modifier && !host.nativeMenu) {
        const run: Record<string, (() => void) | undefined> = {
          o: () => void commands.openProject(),
          i: () => void commands.importGltf(),
          s: () => void commands.save(event.shiftKey),
          e: () => void commands.exportGltf(),
          z: () => (event.shiftKey ? commands.redo() : commands.undo()),
          y: () => commands.redo(),
        };
        const action = run[key];
        if (!action || ((key === 'z' || key === 'y') && isEditingText(document.activeElement))) return;
        event.preventDefault();
        action();
        return;
      }
      if (modifier || event.altKey || isEditingText(document.activeElement)) return;
      // A focused control keeps its own keys (Space on a button presses it; arrows on a select change it).
      const focused = document.activeElement;
      const ownsKeys = focused instanceof HTMLButtonElement || focused instanceof HTMLSelectElement || focused?.getAttribute('role') === 'slider';
      const state = overlapStore.getState();
      switch (event.key) {
        case ' ':
          if (focused instanceof HTMLButtonElement) return;
          state.togglePlaying();
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
          if (ownsKeys) return;
          state.stepFrames((event.key === 'ArrowLeft' ? -1 : 1) * (event.shiftKey ? 10 : 1));
          break;
        case 'Home':
          if (ownsKeys) return;
          state.scrubTo(0);
          break;
        case 'End':
          if (ownsKeys) return;
          state.scrubTo(state.clips[state.activeClip]?.duration ?? 0);
          break;
        case 'f':
        case 'F':
          state.requestFrameAll();
          break;
        case 'l':
        case 'L':
          state.setLoop(!state.loop);
          break;
        case '?':
          state.setShortcutsOpen(true);
          break;
        case 'Escape':
          state.selectMesh(null);
          return;
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [commands, host]);
}
