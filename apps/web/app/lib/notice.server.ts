import type { Notice } from '../components/ui/page-notice.tsx';
import { readCookie } from './lang.ts';

/**
 * A form post's message for the page it redirects to (post, redirect, get: a reload does not
 * post again). It lives in a cookie for one page load and is cleared by the next page.
 */
const NOTICE_COOKIE = 'shop_notice';
const kinds: readonly string[] = ['success', 'warning', 'error'];

export function noticeCookie(notice: Notice): string {
  return `${NOTICE_COOKIE}=${encodeURIComponent(JSON.stringify(notice))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The message waiting for this page, if any, and the header that clears it. */
export function takeNotice(request: Request): { notice: Notice | null; headers: HeadersInit } {
  const cookies = request.headers.get('cookie');
  if (!cookies?.includes(`${NOTICE_COOKIE}=`)) return { notice: null, headers: {} };
  const headers = { 'Set-Cookie': `${NOTICE_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
  try {
    const value: unknown = JSON.parse(readCookie(cookies, NOTICE_COOKIE) ?? '');
    const { kind, text } = (value ?? {}) as Record<string, unknown>;
    if (typeof kind === 'string' && kinds.includes(kind) && typeof text === 'string' && text.length <= 300) {
      return { notice: { kind: kind as Notice['kind'], text }, headers };
    }
  } catch {
    // A cookie we did not write: drop it.
  }
  return { notice: null, headers };
}
