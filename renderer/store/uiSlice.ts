/**
 * UI state: selection, the compute backend and self-test results for the status bar, notices
 * (toasts), and dialogs. None of it is undoable or saved.
 */
import type { ComputeStatus, Notice, SelfTestStatus, SliceCreator } from './types.ts';

export interface UiSlice {
  selectedMesh: string | null;
  compute: ComputeStatus;
  selfTest: SelfTestStatus;
  notices: Notice[];
  shortcutsOpen: boolean;
  /** counter the viewport watches to re-frame the camera (F: the selected mesh, else everything) */
  frameRequest: number;
  /** the question the app is asking (unsaved changes, a recovered autosave), or null */
  prompt: PromptRequest | null;
  /** an autosave found at start-up, offered for restoring */
  recovery: { documentName: string; savedAt: number } | null;
  /** the getting-started card is shown */
  firstRunOpen: boolean;

  selectMesh(name: string | null): void;
  setCompute(compute: ComputeStatus): void;
  setSelfTest(selfTest: SelfTestStatus): void;
  /**
   * Shows a notice. The same text at the same level is shown once (its count goes up and it moves to
   * the end) instead of stacking; `topic` groups notices that the next success of the same thing clears.
   */
  notify(level: Notice['level'], text: string, topic?: string): number;
  dismissNotice(id: number): void;
  /** A `topic` operation succeeded: its earlier errors and warnings are no longer true and go away. */
  resolveNotices(topic: string): void;
  setShortcutsOpen(open: boolean): void;
  /** Frames the selected mesh, or everything when nothing is selected (F, the outliner's double-click). */
  requestFrame(): void;
  /** Shows a prompt; the answer comes through answerPrompt (renderer/prompt.ts wraps both in a promise). */
  showPrompt(prompt: PromptRequest | null): void;
  setRecovery(recovery: UiSlice['recovery']): void;
  setFirstRunOpen(open: boolean): void;
}

/** A modal question with its choices (the first is the default, the last cancels). */
export interface PromptRequest {
  id: number;
  title: string;
  message: string;
  choices: Array<{ id: string; label: string; kind?: 'primary' | 'danger' | 'plain' }>;
}

let nextNoticeId = 1;
/** More than this many notices on screen is noise: the oldest go first. */
const MAX_NOTICES = 4;

export const createUiSlice: SliceCreator<UiSlice> = (set, get) => ({
  selectedMesh: null,
  compute: { kind: 'pending' },
  selfTest: { kind: 'idle' },
  notices: [],
  shortcutsOpen: false,
  frameRequest: 0,
  prompt: null,
  recovery: null,
  firstRunOpen: false,

  selectMesh(name) {
    if (name !== null && !get().meshes.some((mesh) => mesh.name === name)) return;
    set({ selectedMesh: name });
  },
  setCompute(compute) {
    set({ compute });
  },
  setSelfTest(selfTest) {
    set({ selfTest });
  },
  notify(level, text, topic) {
    const notices = get().notices;
    const same = notices.find((notice) => notice.level === level && notice.text === text);
    const id = nextNoticeId++;
    const notice: Notice = { id, level, text, count: (same?.count ?? 0) + 1, ...(topic ? { topic } : {}) };
    set({ notices: [...notices.filter((other) => other !== same), notice].slice(-MAX_NOTICES) });
    return id;
  },
  dismissNotice(id) {
    set({ notices: get().notices.filter((notice) => notice.id !== id) });
  },
  resolveNotices(topic) {
    const notices = get().notices;
    const kept = notices.filter((notice) => notice.topic !== topic || notice.level === 'info');
    if (kept.length !== notices.length) set({ notices: kept });
  },
  setShortcutsOpen(open) {
    set({ shortcutsOpen: open });
  },
  requestFrame() {
    set({ frameRequest: get().frameRequest + 1 });
  },
  showPrompt(prompt) {
    set({ prompt });
  },
  setRecovery(recovery) {
    set({ recovery });
  },
  setFirstRunOpen(open) {
    set({ firstRunOpen: open });
  },
});
