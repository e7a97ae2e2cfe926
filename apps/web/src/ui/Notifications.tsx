import { dismiss, useNotice } from './notify';
import './notifications.css';

/** One notice at a time, at the top, full width; a click closes it. */
export function Notifications() {
  const notice = useNotice();
  return (
    <div className="notifications" aria-live="polite" aria-atomic="true">
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
