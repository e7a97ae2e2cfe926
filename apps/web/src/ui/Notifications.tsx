import { useLayoutEffect, useRef } from 'react';
import { dismiss, useNotice } from './notify';
import './notifications.css';

/**
 * One notice at a time, at the bottom; a click closes it. While it shows, the page gets its height
 * as room at the end (and a page read to its end follows), so it never covers the last row or the
 * last buttons.
 */
export function Notifications() {
  const notice = useNotice();
  const area = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const atEnd = scrollY + innerHeight >= root.scrollHeight - 2;
    root.style.setProperty('--notice-room', notice ? `${area.current?.offsetHeight ?? 0}px` : '0px');
    if (notice && atEnd) scrollTo(scrollX, root.scrollHeight);
  }, [notice]);
  return (
    <div ref={area} className="notifications" aria-live="polite" aria-atomic="true">
      {notice && (
        <div
          key={notice.id}
          className={`notice notice-${notice.kind}`}
          role={notice.kind === 'danger' || notice.kind === 'warning' ? 'alert' : 'status'}
          onClick={() => dismiss(notice.id)}
        >
          <span>{notice.text}</span>
          {notice.action && (
            <button
              type="button"
              className="notice-action"
              onClick={(event) => {
                event.stopPropagation();
                notice.action?.run();
              }}
            >
              {notice.action.label}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
