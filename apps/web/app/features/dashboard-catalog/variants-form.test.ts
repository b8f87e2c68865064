import { describe, expect, it } from 'vitest';
import {
  optionsFromForm,
  parseValueLine,
  valuesText,
  variantsFromForm,
  withBulkChanges,
} from './variants-form.ts';

describe('the options and variants forms', () => {
  it('reads a value line in Arabic, English and a swatch, any part but the first left out', () => {
    expect(parseValueLine(' أزرق | Blue | #1E3A8A ')).toEqual({
      nameAr: 'أزرق',
      nameEn: 'Blue',
      swatch: '#1E3A8A',
    });
    expect(parseValueLine('256 GB')).toEqual({ nameAr: '256 GB', nameEn: '256 GB', swatch: null });
    expect(valuesText([{ nameAr: 'أزرق', nameEn: 'Blue', swatch: '#1e3a8a' }])).toBe('أزرق | Blue | #1e3a8a');
  });

  it('leaves out empty options and keeps the others in order', () => {
    const input = optionsFromForm({
      version: '3',
      'option0.nameAr': 'السعة',
      'option0.nameEn': 'Storage',
      'option0.values': '128 جيجابايت | 128 GB\n\n256 جيجابايت | 256 GB',
      'option1.nameAr': '',
      'option1.nameEn': '',
      'option1.values': '',
      'option2.nameAr': 'اللون',
      'option2.nameEn': 'Colour',
      'option2.kind': 'colour',
      'option2.values': 'أسود | Black | #111111',
    });
    expect(input.options.map((o) => [o.nameEn, o.kind, o.values.length])).toEqual([
      ['Storage', 'text', 2],
      ['Colour', 'colour', 1],
    ]);
  });

  it('applies a bulk price and added stock to the ticked rows only, or to all when none is ticked', () => {
    const rows = variantsFromForm(
      {
        'variant0.id': '1',
        'variant0.price': '100',
        'variant0.offerPrice': '90',
        'variant0.stock': '2',
        'variant0.selected': 'on',
        'variant1.id': '2',
        'variant1.price': '120',
        'variant1.stock': '1',
      },
      2,
    );
    const ticked = withBulkChanges(rows, { price: '150', addStock: '5' });
    expect(ticked.map((r) => [r.price, r.offerPrice, r.stock])).toEqual([
      ['150', '', '7'],
      ['120', '', '1'],
    ]);
    const all = withBulkChanges(
      rows.map((r) => ({ ...r, selected: false })),
      { addStock: '-5' },
    );
    expect(all.map((r) => r.stock)).toEqual(['0', '0']);
  });
});
