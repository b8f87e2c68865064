import { describe, expect, it } from 'vitest';
import { isExternalLink, isSlideLink, isWhatsappValue, slideHref, socialHref } from './links.ts';

const hostile = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'http://evil.example/',
  '//evil.example/',
  '/\\evil.example',
  'https:\\\\evil.example',
  'https://user:pass@evil.example/',
  'https://',
  'https:///path',
  'https://evil.example/a b',
  'https://evil.example/\u0000',
];

describe('links the shop renders from settings and content', () => {
  it('takes https addresses and shop paths', () => {
    expect(isExternalLink('https://www.instagram.com/shop')).toBe(true);
    expect(isExternalLink('HTTPS://x.com/shop?a=1#b')).toBe(true);
    expect(isSlideLink('/products/new')).toBe(true);
    expect(isSlideLink('/en/product/12')).toBe(true);
    expect(isWhatsappValue('+966501234567')).toBe(true);
  });

  it('refuses every other scheme and every disguise of one', () => {
    for (const link of hostile) {
      expect(isExternalLink(link), link).toBe(false);
      expect(isSlideLink(link), link).toBe(false);
      expect(isWhatsappValue(link), link).toBe(false);
      expect(socialHref('instagram', link), link).toBeUndefined();
      expect(socialHref('whatsapp', link), link).toBeUndefined();
      expect(slideHref(link), link).toBeUndefined();
    }
  });

  it('renders a WhatsApp number as its chat link, and nothing for nothing', () => {
    expect(socialHref('whatsapp', '+966501234567')).toBe('https://wa.me/966501234567');
    expect(socialHref('whatsapp', 'https://wa.me/966501234567')).toBe('https://wa.me/966501234567');
    expect(socialHref('x', '+966501234567')).toBeUndefined();
    expect(socialHref('x', undefined)).toBeUndefined();
    expect(slideHref('')).toBeUndefined();
  });
});
