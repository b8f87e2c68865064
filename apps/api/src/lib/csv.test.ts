import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, readCsvCell } from './csv.ts';

describe('CSV cells', () => {
  it('neutralizes what a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+966551234567')).toBe("'+966551234567");
    expect(csvCell('نورة')).toBe('نورة');
  });

  it('quotes commas, quotes and line breaks, and leaves numbers, booleans and empty cells alone', () => {
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('reads every neutralized cell back as the text it was, an apostrophe of its own included', () => {
    for (const text of ['=HYPERLINK("x")', "'=1", "''+2", "'quoted", 'plain', '-2+3', "it's", '@SUM(A1)'])
      expect(
        readCsvCell(
          csvCell(text)
            .replace(/^"(.*)"$/s, '$1')
            .replace(/""/g, '"'),
        ),
        text,
      ).toBe(text);
  });
});
