import { useState, useSyncExternalStore, type InputHTMLAttributes } from 'react';
import { hide, hideLabelBefore, show, showLabelBefore } from '#messages/accounts.ts';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { id: string; label: string; error?: string };

const noop = () => () => {};
/** False on the server and during hydration, true once React runs in the browser. */
export const useHydrated = () => useSyncExternalStore(noop, () => true, () => false);

/** A password field with a show/hide toggle. Without JavaScript the toggle is not shown; the field still works. */
export function PasswordInput({ id, label, error, className, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  const hydrated = useHydrated();
  return (
    <div>
      <label htmlFor={id} className="label">{label}</label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`input pr-16 ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {/* Only offered once React runs it: a dead button would confuse people without JS. */}
        {hydrated && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? `${hideLabelBefore}${label.toLowerCase()}` : `${showLabelBefore}${label.toLowerCase()}`}
            aria-controls={id}
            aria-pressed={visible}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700 hover:underline dark:text-brand-100"
          >
            {visible ? hide : show}
          </button>
        )}
      </div>
      {error && <p id={`${id}-error`} className="field-error">{error}</p>}
    </div>
  );
}
