/** Toast notices in the viewport's top-right corner; info notices fade after a few seconds. */
import { useEffect, type ReactElement } from 'react';
import { overlapStore, useOverlap } from '../store/index.ts';
import { Icon } from './icons.tsx';

const INFO_MILLISECONDS = 4000;

export function Notices(): ReactElement {
  const notices = useOverlap((state) => state.notices);
  useEffect(() => {
    const timers = notices.filter((notice) => notice.level === 'info').map((notice) => setTimeout(() => overlapStore.getState().dismissNotice(notice.id), INFO_MILLISECONDS));
    return () => timers.forEach(clearTimeout);
  }, [notices]);
  return (
    <div className="notices" aria-live="polite">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice ${notice.level}`} role={notice.level === 'error' ? 'alert' : 'status'} data-testid={`notice-${notice.level}`}>
          <span className="notice-text">
            {notice.text}
            {notice.count > 1 ? <span className="notice-count"> ×{notice.count}</span> : null}
          </span>
          <button type="button" className="icon-button small" aria-label="Dismiss" title="Dismiss" onClick={() => overlapStore.getState().dismissNotice(notice.id)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}
