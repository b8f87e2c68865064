import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectTarget } from './redirect-target.ts';

describe('safeRedirectTarget', () => {
  it('goes back to a path of this site, in the page language', () => {
    expect(safeRedirectTarget('/cart', 'ar')).toBe('/cart');
    expect(safeRedirectTarget('/en/user/allorders?page=2', 'en')).toBe('/en/user/allorders?page=2');
    expect(safeRedirectTarget('/user/profile', 'en')).toBe('/en/user/profile');
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
