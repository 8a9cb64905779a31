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
  /** counter the viewport watches to re-frame the camera (Frame All) */
  frameRequest: number;

  selectMesh(name: string | null): void;
  setCompute(compute: ComputeStatus): void;
  setSelfTest(selfTest: SelfTestStatus): void;
  notify(level: Notice['level'], text: string): number;
  dismissNotice(id: number): void;
  setShortcutsOpen(open: boolean): void;
  requestFrameAll(): void;
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
  notify(level, text) {
    const id = nextNoticeId++;
    set({ notices: [...get().notices, { id, level, text }].slice(-MAX_NOTICES) });
    return id;
  },
  dismissNotice(id) {
    set({ notices: get().notices.filter((notice) => notice.id !== id) });
  },
  setShortcutsOpen(open) {
    set({ shortcutsOpen: open });
  },
  requestFrameAll() {
    set({ frameRequest: get().frameRequest + 1 });
  },
});
