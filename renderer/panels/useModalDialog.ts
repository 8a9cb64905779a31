import { useEffect, useRef, type RefObject } from 'react';

/**
 * A ref for a <dialog> that is shown modal while `open` holds and closed when it stops holding: the store says
 * whether a dialog is up, the element follows (Esc closes it first, and its onClose tells the store).
 */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
