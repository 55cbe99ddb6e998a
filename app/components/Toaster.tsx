import { dismiss, useToasts } from '~/lib/toast';
import { dismissNotification } from '#messages/system.ts';

const STYLES = {
  success: 'border-green-600 bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-100',
  error: 'border-red-600 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  loading: 'border-gray-400 bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100',
  plain: 'border-gray-300 bg-white text-gray-900 dark:bg-gray-900 dark:text-gray-100',
};

export function Toaster() {
  const toasts = useToasts();
  return (
    <div aria-live="polite" role="status" className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-2">
      {toasts.map((t) => (
        <div
          key={t.id}
          data-toast={t.kind}
          role={t.kind === 'error' ? 'alert' : undefined}
          className={`pointer-events-auto flex w-full max-w-[350px] items-start gap-2 rounded-lg border-l-4 px-3 py-2 text-sm shadow-lg ${STYLES[t.kind]}`}
        >
          <span className="flex-1">{t.message}</span>
          <button type="button" onClick={() => dismiss(t.id)} className="text-xs opacity-70 hover:opacity-100" aria-label={dismissNotification}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
