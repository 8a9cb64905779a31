/**
 * Toast notices, stacked in the viewport's bottom-right corner (away from the model at the centre, the toolbars along
 * the top, the axis gizmo and the legend), newest nearest the corner. Information fades after a few seconds and a
 * warning after a few more; an error stays until it is dismissed (or the next success of the same kind clears it):
 * it needs an answer, the others do not. Pointing at a notice holds it while it is read; each has a Dismiss button.
 */
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { overlapStore, useOverlap, type Notice } from '../store/index.ts';
import { Icon } from './icons.tsx';

/** How long a notice stays before it fades [ms], by level; null: until dismissed. */
export const NOTICE_MILLISECONDS: Record<Notice['level'], number | null> = { info: 4_000, warning: 8_000, error: null };
/** The fade itself [ms] (the CSS transition of `.notice.leaving`). */
const FADE_MILLISECONDS = 400;

function NoticeItem({ notice }: { notice: Notice }): ReactElement {
  const [leaving, setLeaving] = useState(false);
  const [held, setHeld] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lifetime = NOTICE_MILLISECONDS[notice.level];
  useEffect(() => {
    if (lifetime === null || held) return;
    timer.current = setTimeout(() => setLeaving(true), leaving ? 0 : lifetime);
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
    };
  }, [lifetime, held, leaving]);
  useEffect(() => {
    if (!leaving) return;
    const fade = setTimeout(() => overlapStore.getState().dismissNotice(notice.id), FADE_MILLISECONDS);
    return () => clearTimeout(fade);
  }, [leaving, notice.id]);
  return (
    <div
      className={`notice ${notice.level}${leaving ? ' leaving' : ''}`}
      role={notice.level === 'error' ? 'alert' : 'status'}
      data-testid={`notice-${notice.level}`}
      onPointerEnter={() => {
        setHeld(true);
        setLeaving(false);
      }}
      onPointerLeave={() => setHeld(false)}
    >
      <span className="notice-text">
        {notice.text}
        {notice.count > 1 ? <span className="notice-count"> ×{notice.count}</span> : null}
      </span>
      <button
        type="button"
        className="icon-button small"
        aria-label="Dismiss"
        title="Dismiss"
        onClick={() => overlapStore.getState().dismissNotice(notice.id)}
        data-testid="notice-dismiss"
      >
        <Icon name="close" />
      </button>
    </div>
  );
}

export function Notices(): ReactElement {
  const notices = useOverlap((state) => state.notices);
  return (
    <div className="notices" aria-live="polite" data-testid="notices">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  );
}
