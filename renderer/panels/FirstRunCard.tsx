/**
 * The getting-started card, shown over the viewport on the first run (and from Help): what to do,
 * in the order an animator does it. "Got it" remembers that it was read (localStorage).
 */
import { useEffect, type ReactElement } from 'react';
import { overlapStore, useOverlap } from '../store/index.ts';

export const FIRST_RUN_KEY = 'overlap.firstRun.v1';

export function FirstRunCard(): ReactElement | null {
  const open = useOverlap((state) => state.firstRunOpen);
  useEffect(() => {
    try {
      if (!localStorage.getItem(FIRST_RUN_KEY)) overlapStore.getState().setFirstRunOpen(true);
    } catch {
      // No storage (a locked-down browser): show nothing rather than every time.
    }
  }, []);
  if (!open) return null;
  const close = (): void => {
    try {
      localStorage.setItem(FIRST_RUN_KEY, '1');
    } catch {
      // Not remembered: shown again next time.
    }
    overlapStore.getState().setFirstRunOpen(false);
  };
  return (
    <section className="first-run" role="dialog" aria-modal="false" aria-labelledby="first-run-title" data-testid="first-run">
      <h2 id="first-run-title">Put physics into your animation</h2>
      <ol>
        <li>
          <strong>Drop a glTF</strong> (.glb, or .gltf with its files) on the window, or use Import glTF…. A sample is open now.
        </li>
        <li>
          <strong>Paint</strong> where it may move: press <kbd>Tab</kbd> over the viewport or click Paint. Blue follows the animation, red is pure physics; pin
          what must not move.
        </li>
        <li>
          <strong>Set the scale</strong> if the Scene panel says the model is huge or tiny: one click fixes it.
        </li>
        <li>
          <strong>Press play</strong> (<kbd>Space</kbd>) to watch the animation, then <strong>Bake</strong> a few frames to see the secondary motion.
        </li>
        <li>
          <strong>Export glTF…</strong> writes the result for any engine. Work is autosaved every minute.
        </li>
      </ol>
      <div className="first-run-actions">
        <button
          type="button"
          className="primary-button"
          onClick={close}
          title="Hide this card (Help › Getting started shows it again)"
          data-testid="first-run-close"
        >
          Got it
        </button>
      </div>
    </section>
  );
}
