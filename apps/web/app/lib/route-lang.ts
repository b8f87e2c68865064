import type { Lang } from '@shop/contract';
import { pageLang } from './lang.ts';

/** The page language of a loader's request. */
export function requestLang(request: Request): Lang {
  return pageLang(new URL(request.url).pathname);
}
