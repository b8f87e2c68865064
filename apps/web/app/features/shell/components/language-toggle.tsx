import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { isPlainClick } from '../../../lib/plain-click.ts';
import { LANG_PARAM, langCookie, localizePath, pageLang } from '../../../lib/lang.ts';

/**
 * Switches language on the same page. A full page load, so the server renders the other
 * language from the start; the cookie remembers the choice. The link itself carries
 * the choice (`?lang=en`), so the server sets the cookie when no script ran (a page that is
 * not hydrated, or not yet); once hydrated the cookie is set here and the
 * clean address loaded.
 */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const other = pageLang(pathname) === 'ar' ? 'en' : 'ar';
  const target = `${localizePath(pathname, other)}${search}${hash}`;
  const params = new URLSearchParams(search);
  params.set(LANG_PARAM, other);
  return (
    <a
      href={`${localizePath(pathname, other)}?${params.toString()}${hash}`}
      hrefLang={other}
      lang={other}
      title={t('header.switchLanguageLabel')}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        document.cookie = langCookie(other);
        window.location.assign(target);
      }}
      className={`inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-surface ${className}`}
    >
      <Icon name="globe" />
      <span>{t('header.switchLanguage')}</span>
    </a>
  );
}
