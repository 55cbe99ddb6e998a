/*
 * Suggestions under the header's search box (issue 42, point 2; docs/decisions/search-suggestions.md):
 * loaded with import() on the box's first focus or input, so the shell chunk every route loads
 * carries only that call. Plain DOM rather than React: the whole of it stays under 2 kB gzip
 * (tests/e2e/page-weight.spec.ts). The ARIA combobox pattern: the box keeps the focus, the arrow
 * keys move aria-activedescendant over the options, Enter takes one, Escape closes the list.
 */

import { suggestionCategory, suggestions } from '#messages/browse.ts';

type Suggestion = { kind: 'category' | 'subcategory' | 'word'; text: string; url: string; category?: string };

export function attach(input: HTMLInputElement) {
  if (input.dataset.suggest) return;
  input.dataset.suggest = '1';
  const form = input.form!;
  const list = document.createElement('ul');
  const id = (list.id = `${input.id}-suggestions`);
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', suggestions);
  list.className = 'suggestions';
  list.hidden = true;
  // Right under the box: in the column of a phone's form it pushes the rest down rather than
  // covering the Search button; on a wide screen's row it lies over the page (app.css).
  input.after(list);
  const set = (name: string, value: string) => input.setAttribute(name, value);
  set('role', 'combobox');
  set('aria-autocomplete', 'list');
  set('aria-controls', id);
  set('aria-expanded', 'false');

  let items: Suggestion[] = [];
  let active = -1;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking: AbortController | undefined;
  const answers = new Map<string, Suggestion[]>();

  const show = (next: Suggestion[]) => {
    items = next;
    active = -1;
    list.replaceChildren(
      ...next.map((s, i) => {
        const li = document.createElement('li');
        li.id = `${id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        // Text only: a link inside an option would be a control inside a control (axe: nested-interactive).
        li.textContent = s.text;
        if (s.kind !== 'word') li.append(Object.assign(document.createElement('small'), { textContent: s.kind === 'category' ? suggestionCategory : s.category }));
        return li;
      }),
    );
    list.hidden = !next.length;
    set('aria-expanded', String(!list.hidden));
    input.removeAttribute('aria-activedescendant');
    // Under the box on a wide screen's row (where the list is placed over the page).
    list.style.cssText = `top:${input.offsetTop + input.offsetHeight}px;left:${input.offsetLeft}px;width:${input.offsetWidth}px`;
  };
  const close = () => {
    clearTimeout(timer);
    asking?.abort();
    show([]);
  };
  const ask = () => {
    const q = input.value.trim();
    if (q.length < 2) return close();
    const known = answers.get(q);
    if (known) return show(known);
    asking?.abort();
    asking = new AbortController();
    fetch(`/api/listings/suggest?q=${encodeURIComponent(q)}`, { signal: asking.signal })
      .then((r) => (r.ok ? r.json() : []))
      .then((s: Suggestion[]) => {
        answers.set(q, s);
        if (document.activeElement === input && input.value.trim() === q) show(s);
      })
      .catch(() => {});
  };
  const choose = (i: number) => {
    const s = items[i];
    if (s?.kind === 'word') {
      close();
      input.value = s.text;
      form.requestSubmit();
    } else if (s) {
      // A category's page, through the document's listener for in-app links (app/lib/in-app-links.ts).
      const a = Object.assign(document.createElement('a'), { href: s.url });
      a.dataset.inApp = '';
      document.body.append(a);
      a.click();
      a.remove();
      close();
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(ask, 150);
  });
  // Later than the blur: a tap on the Search button under the list lands before the list goes and the button moves up.
  input.addEventListener('blur', () => setTimeout(close, 150));
  form.addEventListener('submit', close);
  input.addEventListener('keydown', (e) => {
    const n = items.length;
    if (!n) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      list.children[active]?.setAttribute('aria-selected', 'false');
      const step = e.key === 'ArrowDown' ? 1 : -1;
      active = active < 0 ? (step > 0 ? 0 : n - 1) : (active + step + n) % n;
      const li = list.children[active]!;
      li.setAttribute('aria-selected', 'true');
      set('aria-activedescendant', li.id);
      li.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      // The list only: not the search's text (a search box clears on Escape), nor the menu around it (Header.tsx).
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  });
  // A tap on an option leaves the focus in the box (the list would close on blur first).
  list.addEventListener('pointerdown', (e) => e.preventDefault());
  list.addEventListener('click', (e) => {
    const li = (e.target as Element).closest('li');
    if (li) choose([...list.children].indexOf(li));
  });
  ask();
}
