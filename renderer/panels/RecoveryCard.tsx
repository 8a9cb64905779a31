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
        {[
          {
            id: 'restore',
            label: 'Restore',
            className: 'primary-button',
            run: () => commands.restoreRecovery(),
            title: 'Open the autosaved work (it stays unsaved until you save it)',
          },
          { id: 'discard', label: 'Discard', className: 'secondary-button', run: () => commands.discardRecovery(), title: 'Delete the autosave' },
        ].map((action) => (
          <button
            key={action.id}
            type="button"
            className={action.className}
            onClick={() => void action.run()}
            title={action.title}
            data-testid={`recovery-${action.id}`}
          >
            {action.label}
          </button>
        ))}
      </div>
    </section>
  );
}
