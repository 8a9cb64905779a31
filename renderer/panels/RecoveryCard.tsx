/** The offer to restore an autosave found at start-up (Overlap, or the tab, closed with unsaved work). */
import type { ReactElement } from 'react';
import { useApp } from '../appContext.ts';
import { useOverlap } from '../store/index.ts';

export function RecoveryCard(): ReactElement | null {
  const { commands } = useApp();
  const recovery = useOverlap((state) => state.recovery);
  if (!recovery) return null;
  const when = new Date(recovery.savedAt).toLocaleString();
  return (
    <section className="recovery-card" role="alertdialog" aria-labelledby="recovery-title" aria-describedby="recovery-text" data-testid="recovery">
      <h2 id="recovery-title">Restore unsaved work?</h2>
      <p id="recovery-text">
        Overlap closed with unsaved changes to <strong>{recovery.documentName}</strong>. The autosave from {when} can be restored.
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className="primary-button"
          onClick={() => void commands.restoreRecovery()}
          title="Open the autosaved work (it stays unsaved until you save it)"
          data-testid="recovery-restore"
        >
          Restore
        </button>
        <button
          type="button"
          className="secondary-button"
          onClick={() => void commands.discardRecovery()}
          title="Delete the autosave"
          data-testid="recovery-discard"
        >
          Discard
        </button>
      </div>
    </section>
  );
}
