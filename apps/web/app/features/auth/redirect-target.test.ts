import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './redirect-target.ts';

/** Where a browser on the shop's login page would go when sent to `target` (WHATWG URL). */
function followedBy(target: string, page = 'https://shop.example/en/login?redirectTo=x'): URL {
  return new URL(target, page);
}

describe('safeRedirectTarget', () => {
  it('goes back to a path of this site, in the page language', () => {
    expect(safeRedirectTarget('/cart', 'ar')).toBe('/cart');
    expect(safeRedirectTarget('/en/user/allorders?page=2', 'en')).toBe('/en/user/allorders?page=2');
    expect(safeRedirectTarget('/user/profile', 'en')).toBe('/en/user/profile');
    expect(safeRedirectTarget('/products?q=%D8%B3%D9%85%D8%A7%D8%B9%D8%A9', 'ar')).toBe(
      '/products?q=%D8%B3%D9%85%D8%A7%D8%B9%D8%A9',
    );
  });

  it('goes home when there is nowhere to return to', () => {
    expect(safeRedirectTarget(null, 'ar')).toBe('/');
    expect(safeRedirectTarget('', 'en')).toBe('/en');
  });

  it('refuses other sites (no open redirect)', () => {
    expect(safeRedirectTarget('https://evil.example/', 'ar')).toBe('/');
    expect(safeRedirectTarget('//evil.example/x', 'en')).toBe('/en');
    expect(safeRedirectTarget('/\\evil.example', 'ar')).toBe('/');
  });

  it('refuses the targets browsers read as another site once they drop tabs and newlines', () => {
    for (const raw of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '\t//evil.example',
      '/\u0000/evil.example',
      '/.//evil.example',
      '/en//evil.example',
      '/\t\\evil.example',
      ' //evil.example',
      'javascript:alert(1)',
      '/\u007f/evil.example',
    ]) {
      for (const lang of ['ar', 'en'] as const) {
        const target = safeRedirectTarget(raw, lang);
        expect(followedBy(target).host, JSON.stringify(raw)).toBe('shop.example');
        expect(target, JSON.stringify(raw)).toBe(lang === 'ar' ? '/' : '/en');
      }
    }
  });

  it('gives a value a Location header can carry for a newline or other control character', () => {
    expect(safeRedirectTarget('/%0Aevil', 'ar')).toBe('/%0Aevil');
    expect(safeRedirectTarget('/cart\n?x=1', 'en')).toBe('/en/cart?x=1');
    expect(() => new Headers({ location: safeRedirectTarget('/a\r\nSet-Cookie: x=1', 'ar') })).not.toThrow();
  });

  it('never leaves the shop, whatever the target (property, browser URL parsing)', () => {
    const pieces = [
      '/',
      '//',
      '\\',
      '/\\',
      '\t',
      '\n',
      '\r',
      ' ',
      '\u0000',
      '\u001f',
      '\u007f',
      '\u0085',
      '%09',
      '%0A',
      '%2F',
      '%5C',
      '%2e',
      '.',
      '..',
      '@',
      ':',
      '#',
      '?',
      'en',
      'evil.example',
      'http:',
      'https:',
      'javascript:',
      'data:',
      'ｅｖｉｌ',
      '\u3002',
      'cart',
    ];
    const hostile = fc.oneof(
      fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((parts) => parts.join('')),
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.webUrl().map((url) => url.replace(/^https?:/, '')),
    );
    fc.assert(
      fc.property(hostile, fc.constantFrom('ar', 'en'), (raw, lang) => {
        const target = safeRedirectTarget(raw, lang);
        expect(target.startsWith('/')).toBe(true);
        // eslint-disable-next-line no-control-regex -- the property is that none survive
        expect(target).not.toMatch(/[\u0000-\u0020\u007f-\u009f]/);
        expect(followedBy(target).origin).toBe('https://shop.example');
        expect(followedBy(target, 'http://localhost:3000/login').origin).toBe('http://localhost:3000');
        expect(() => new Headers({ location: target })).not.toThrow();
      }),
      { seed: 17, numRuns: 3000 },
    );
  });
});

describe('loginPathFor', () => {
  it('names the page to come back to', () => {
    expect(loginPathFor('/cart', 'ar')).toBe('/login?redirectTo=%2Fcart');
    expect(loginPathFor('/en/user/profile', 'en')).toBe('/en/login?redirectTo=%2Fen%2Fuser%2Fprofile');
  });

  it('leaves it out for the home page', () => {
    expect(loginPathFor('/', 'ar')).toBe('/login');
  });
});
