import { describe, expect, it } from 'vitest';
import { requestLang } from './lang.ts';

describe('requestLang', () => {
  it('defaults to Arabic', () => {
    expect(requestLang({}, undefined)).toBe('ar');
    expect(requestLang(undefined, 'fr-FR,de;q=0.8')).toBe('ar');
  });
  it('prefers ?lang= over Accept-Language', () => {
    expect(requestLang({ lang: 'en' }, 'ar-SA')).toBe('en');
    expect(requestLang({ lang: 'ar' }, 'en-US')).toBe('ar');
  });
  it('ignores an unknown ?lang=', () => {
    expect(requestLang({ lang: 'fr' }, 'en-GB')).toBe('en');
  });
  it('reads Accept-Language by quality', () => {
    expect(requestLang({}, 'fr;q=1, ar;q=0.5, en;q=0.9')).toBe('en');
    expect(requestLang({}, 'en;q=0, ar-SA')).toBe('ar');
    expect(requestLang({}, 'en-US,en;q=0.9')).toBe('en');
  });
});
