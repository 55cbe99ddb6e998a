import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../app/lib/html.ts';

describe('escapeHtml', () => {
  it('escapes what could end a text or a double-quoted attribute, and nothing else', () => {
    expect(escapeHtml(`Fridge <50L> "as new" & cold, it's fine`)).toBe(`Fridge &lt;50L&gt; &quot;as new&quot; &amp; cold, it's fine`);
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('"><script>alert(1)</script>')).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml('Toyota Corolla 2014 – Ksh 1,250,000')).toBe('Toyota Corolla 2014 – Ksh 1,250,000');
    expect(escapeHtml('')).toBe('');
  });

  it('writes the same as one replace pass per character, on every mix of them', () => {
    const pieces = ['&', '<', '>', '"', "'", 'a', ' ', 'é', '&lt;', '\n'];
    const reference = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      let s = '';
      for (let n = i % 9; n > 0; n--) s += pieces[(seed = (seed * 48271) % 2147483647) % pieces.length];
      expect(escapeHtml(s)).toBe(reference(s));
    }
  });
});
