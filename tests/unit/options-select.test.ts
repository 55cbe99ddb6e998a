import { renderToString } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { OptionsSelect, optionsHtml } from '../../app/components/OptionsSelect';
import { subcategoryOptions } from '../../app/components/listings/BrowseFilters';
import { subcategoriesOf } from '#kernel/subcategories.ts';

describe('OptionsSelect', () => {
  it('writes options and optgroups as HTML, escaped, with the choice marked', () => {
    const html = optionsHtml(
      [
        { value: '', label: 'Any town' },
        { label: 'Nairobi City', options: [{ value: 'westlands', label: 'Westlands' }, { value: 'a"b<c>&', label: 'Odd <name> & "more"' }] },
      ],
      'westlands',
    );
    expect(html).toBe(
      '<option value="">Any town</option><optgroup label="Nairobi City"><option value="westlands" selected>Westlands</option>' +
        '<option value="a&quot;b&lt;c&gt;&amp;">Odd &lt;name&gt; &amp; &quot;more&quot;</option></optgroup>',
    );
    expect(optionsHtml([{ value: 'x', label: 'X' }], '')).not.toContain('selected');
  });

  it('marks only the current choice when one list is written again and again', () => {
    const items = [
      { value: '', label: 'Any town' },
      { label: 'Nairobi City', options: [{ value: 'westlands', label: 'Westlands' }, { value: 'karen', label: 'Karen' }] },
      { value: 'mombasa', label: 'Mombasa' },
    ];
    const plain = '<option value="">Any town</option><optgroup label="Nairobi City"><option value="westlands">Westlands</option><option value="karen">Karen</option></optgroup><option value="mombasa">Mombasa</option>';
    expect(optionsHtml(items, 'karen')).toBe(plain.replace('"karen">', '"karen" selected>'));
    expect(optionsHtml(items, 'mombasa')).toBe(plain.replace('"mombasa">', '"mombasa" selected>'));
    expect(optionsHtml(items, 'nowhere')).toBe(plain);
    expect(optionsHtml(items, '')).toBe(plain.replace('value="">', 'value="" selected>'));
    expect(optionsHtml(items, 'karen').match(/selected/g)).toHaveLength(1);
  });

  it('renders a select whose options are that HTML, as the server sends it', () => {
    const out = renderToString(createElement(OptionsSelect, { id: 'town', name: 'town', className: 'input', selected: '047', items: [{ value: '', label: 'Any' }, { value: '047', label: 'Nairobi City' }] }));
    expect(out).toBe('<select id="town" name="town" class="input"><option value="">Any</option><option value="047" selected>Nairobi City</option></select>');
  });

  it('hands the subcategory select one array per list, so its HTML is written once', () => {
    const electronics = subcategoriesOf('Electronics');
    expect(electronics.length).toBeGreaterThan(0);
    expect(subcategoryOptions(electronics)).toBe(subcategoryOptions(subcategoriesOf('electronics')));
    expect(subcategoryOptions(electronics)).toEqual([{ value: '', label: 'Any subcategory' }, ...electronics.map((s) => ({ value: s.name, label: s.name }))]);
    // No category: every subcategory, grouped by category.
    expect(subcategoryOptions(null)).toBe(subcategoryOptions(null));
    expect(subcategoryOptions(null).filter((item) => 'options' in item).length).toBeGreaterThan(1);
  });
});
