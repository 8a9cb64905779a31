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
      const state0 = overlapStore.getState();
      // Ctrl+Tab toggles weight paint anywhere (Blender's); Tab alone does it only in a viewport focused by a
      // click (Viewport.tsx), so Tab still walks the panels for keyboard users.
      if (event.key === 'Tab' && event.ctrlKey && !event.altKey) {
        event.preventDefault();
        state0.setPaintMode(!state0.paintMode);
        return;
      }
      // F6 moves focus from panel to panel (as in browsers and Office): keyboard users reach each quickly.
      if (event.key === 'F6') {
        event.preventDefault();
        focusNextPanel(event.shiftKey ? -1 : 1);
        return;
      }
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
          state.requestFrame();
          break;
        case 'l':
        case 'L':
          state.setLoop(!state.loop);
          break;
        case '?':
          state.setShortcutsOpen(true);
          break;
        case 'w':
        case 'W':
        case 'e':
        case 'E':
          // The Pose tool's gizmo: W moves, E rotates (as in Maya, Unity and Blender's gizmo keys).
          if (!state.paintMode || state.paintTool !== 'pose') return;
          state.setPoseGizmo(key === 'w' ? 'translate' : 'rotate');
          break;
        case 'Escape':
          if (state.paintMode) state.setPaintMode(false);
          else state.selectMesh(null);
          return;
        case '[':
        case ']':
        case '{':
        case '}': {
          if (!state.paintMode) return;
          const grow = event.key === ']' || event.key === '}';
          if (event.shiftKey) state.setBrush({ strength: Math.round((state.brush.strength + (grow ? 0.05 : -0.05)) * 100) / 100 });
          else state.setBrush({ radius: state.brush.radius * (grow ? 1.15 : 1 / 1.15) });
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [commands, host]);
}

/** Panels F6 cycles through, in reading order. */
const PANELS = ['.top-bar', '[data-testid="outliner"]', '[data-testid="viewport"]', '[data-testid="properties"]', '.timeline'];

function focusNextPanel(direction: 1 | -1): void {
  const panels = PANELS.map((selector) => document.querySelector<HTMLElement>(selector)).filter((element): element is HTMLElement => element !== null);
  const current = panels.findIndex((panel) => panel.contains(document.activeElement));
  const next = panels[(current + direction + panels.length) % panels.length];
  const target = next.matches('[tabindex]')
    ? next
    : next.querySelector<HTMLElement>(
        'button:not([disabled]), [href], input:not([disabled]):not([type="file"]), select:not([disabled]), summary, [tabindex]:not([tabindex="-1"])',
      );
  target?.focus();
}
