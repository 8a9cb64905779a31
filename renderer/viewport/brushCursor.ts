/**
 * The brush outline, the box-select rectangle and the gradient line, drawn as HTML over the canvas
 * (BrushOverlay in Viewport.tsx). Pointer handlers update it dozens of times a second, so it is a tiny
 * observable outside the store and React state: only the overlay re-renders.
 */
export interface BrushCursorState {
  x: number;
  y: number;
  /** radius in CSS pixels */
  radius: number;
  visible: boolean;
  box: { x0: number; y0: number; x1: number; y1: number } | null;
  line: { x0: number; y0: number; x1: number; y1: number } | null;
}

let state: BrushCursorState = { x: 0, y: 0, radius: 0, visible: false, box: null, line: null };
const listeners = new Set<() => void>();

export const brushCursor = {
  get: (): BrushCursorState => state,
  set(change: Partial<BrushCursorState>): void {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
