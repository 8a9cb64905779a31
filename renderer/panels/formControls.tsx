/**
 * Form pieces shared by the side panels: a labelled row with a tooltip, a number field that commits on Enter or blur, a
 * checkbox with its text, a drop-down of fixed choices, and a collapsible section.
 */
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';

/** A labelled row; `plain` rows hold several controls, each labelled on its own, so the row is no <label>. */
export function Row({ label, children, hint, plain }: { label: string; children: ReactNode; hint: string; plain?: boolean }): ReactElement {
  const Tag = plain ? 'div' : 'label';
  return (
    <Tag className="form-row" title={hint}>
      <span className="form-label">{label}</span>
      <span className="form-control">{children}</span>
    </Tag>
  );
}

/** A number field that commits on blur or Enter, so typing "1" on the way to "12" does not rebuild anything. */
export function NumberField(props: {
  value: number | null;
  placeholder?: string;
  min?: number;
  max?: number;
  step?: number | 'any';
  disabled?: boolean;
  onCommit(value: number | null): void;
  testId?: string;
  label: string;
  title?: string;
}): ReactElement {
  const show = (value: number | null): string => (value === null ? '' : String(Number(value.toPrecision(6))));
  const [text, setText] = useState(show(props.value));
  useEffect(() => setText(show(props.value)), [props.value]);
  const commit = (): void => {
    const trimmed = text.trim();
    const value = trimmed === '' ? null : Number(trimmed);
    if (value === null || Number.isFinite(value)) props.onCommit(value);
    // The field shows what the document holds: an accepted value comes back through props.value (the effect above);
    // a refused or clamped one (a first frame after the last) must not stay in the field as if it were set.
    setText(show(props.value));
  };
  return (
    <input
      type="number"
      className="number-input"
      aria-label={props.label}
      title={props.title ?? props.label}
      value={text}
      placeholder={props.placeholder}
      min={props.min}
      max={props.max}
      step={props.step ?? 1}
      disabled={props.disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          commit();
          (event.target as HTMLInputElement).blur();
        } else if (event.key === 'Escape') {
          setText(show(props.value));
          (event.target as HTMLInputElement).blur();
        }
      }}
      data-testid={props.testId}
    />
  );
}

/** A checkbox with the text beside it, for a row that turns one thing on or off. */
export function CheckboxField(props: { checked: boolean; onChange(checked: boolean): void; label: string; text: string; testId: string }): ReactElement {
  return (
    <>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-label={props.label}
        data-testid={props.testId}
      />
      <span className="checkbox-text">{props.text}</span>
    </>
  );
}

/** A drop-down of fixed choices, each a value and the words shown for it. */
export function SelectField<T extends string>(props: {
  value: T;
  options: readonly (readonly [value: T, text: string])[];
  onChange(value: T): void;
  label: string;
  /** the tooltip, where it says more than the label */
  title?: string;
  className?: string;
  testId?: string;
}): ReactElement {
  return (
    <select
      className={props.className}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value as T)}
      aria-label={props.label}
      title={props.title}
      data-testid={props.testId}
    >
      {props.options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </select>
  );
}

/** A collapsible panel section (keyboard: the summary is a button). */
export function Section({
  title,
  children,
  testId,
  defaultOpen = true,
  hint,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
  defaultOpen?: boolean;
  hint: string;
}): ReactElement {
  return (
    <details className="panel-section" open={defaultOpen} data-testid={testId}>
      <summary className="panel-heading" title={hint}>
        {title}
      </summary>
      <div className="section-body">{children}</div>
    </details>
  );
}
