/** A chip button that shows one on/off state (aria-pressed) and flips it on click: the view and paint toolbars' toggles. */
import type { ReactElement, ReactNode } from 'react';

export function ToggleChip(props: {
  on: boolean;
  onToggle(): void;
  title: string;
  disabled?: boolean;
  /** a class beside toggle-chip (its own colour) */
  className?: string;
  testId: string;
  children: ReactNode;
}): ReactElement {
  return (
    <button
      type="button"
      className={`toggle-chip${props.className ? ` ${props.className}` : ''}${props.on ? ' on' : ''}`}
      aria-pressed={props.on}
      disabled={props.disabled}
      title={props.title}
      onClick={props.onToggle}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}
