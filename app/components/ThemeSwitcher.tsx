import { useEffect, useState } from 'react';
import { applyTheme, readTheme, type Theme } from '~/lib/theme';
import { theme as themeLabel, themeDark, themeLight, themeSystem } from '#messages/common.ts';

const OPTIONS: { value: Theme; label: string }[] = [
  { value: 'light', label: themeLight },
  { value: 'dark', label: themeDark },
  { value: 'system', label: themeSystem },
];

export function ThemeSwitcher() {
  const [theme, setTheme] = useState<Theme>('system');
  useEffect(() => setTheme(readTheme()), []);
  useEffect(() => {
    if (theme !== 'system') return;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyTheme('system');
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, [theme]);
  return (
    <fieldset className="flex items-center gap-1 text-sm">
      <legend className="sr-only">{themeLabel}</legend>
      {OPTIONS.map((o) => (
        <label
          key={o.value}
          className="cursor-pointer rounded-md border border-gray-300 px-2 py-1 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 dark:border-gray-700 dark:has-[:checked]:bg-brand-800 dark:has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
        >
          <input
            type="radio"
            name="theme"
            value={o.value}
            className="sr-only"
            checked={theme === o.value}
            onChange={() => {
              setTheme(o.value);
              applyTheme(o.value);
            }}
          />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
