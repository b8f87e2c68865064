import { describe, expect, it } from 'vitest';
import { detectLanguage, langCookie, localizePath, pageLang, readCookie, stripLangPrefix } from './lang.ts';

describe('detectLanguage (order: path, cookie, page lang attribute)', () => {
  it('takes the URL path first, whatever the cookie and page say', () => {
    expect(detectLanguage({ pathname: '/en/products', cookie: 'i18next=ar', htmlLang: 'ar' })).toBe('en');
    expect(detectLanguage({ pathname: '/en', cookie: 'i18next=ar' })).toBe('en');
  });

  it('falls to the i18next cookie when the path names no language', () => {
    expect(detectLanguage({ pathname: '/products', cookie: 'a=1; i18next=en', htmlLang: 'ar' })).toBe('en');
    expect(detectLanguage({ pathname: '/', cookie: 'i18next=ar', htmlLang: 'en' })).toBe('ar');
  });

  it('falls to the page lang attribute when the cookie is missing or unknown', () => {
    expect(detectLanguage({ pathname: '/products', cookie: 'i18next=fr', htmlLang: 'en-US' })).toBe('en');
    expect(detectLanguage({ pathname: '/products', htmlLang: 'en' })).toBe('en');
  });

  it('ends at Arabic', () => {
    expect(detectLanguage({ pathname: '/products' })).toBe('ar');
    expect(detectLanguage({ pathname: '/english-page', cookie: '', htmlLang: '' })).toBe('ar');
  });
});

describe('language URLs', () => {
  it('reads the page language from the path prefix only', () => {
    expect(pageLang('/en/product/3')).toBe('en');
    expect(pageLang('/enx')).toBe('ar');
    expect(pageLang('/')).toBe('ar');
  });

  it('moves a path between languages, home included', () => {
    expect(localizePath('/products', 'en')).toBe('/en/products');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/en', 'ar')).toBe('/');
    expect(localizePath('/en/product/7', 'ar')).toBe('/product/7');
    expect(localizePath('/en/product/7', 'en')).toBe('/en/product/7');
    expect(stripLangPrefix('/en/')).toBe('/');
  });

  it('writes the cookie i18next reads, for the whole site', () => {
    expect(langCookie('en')).toMatch(/^i18next=en; Path=\/;/);
    expect(readCookie('x=1; i18next=en', 'i18next')).toBe('en');
    expect(readCookie(undefined, 'i18next')).toBeUndefined();
  });
});
