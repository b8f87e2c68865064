import type { Lang } from '@shop/contract';
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { dirOf, localizePath, pageLang } from './lang.ts';

/** The page language (from the URL) and a helper that puts a path in it. */
export function useLang(): { lang: Lang; dir: 'rtl' | 'ltr'; localize: (path: string) => string } {
  const { pathname } = useLocation();
  const lang = pageLang(pathname);
  const localize = useCallback((path: string) => localizePath(path, lang), [lang]);
  return { lang, dir: dirOf(lang), localize };
}
