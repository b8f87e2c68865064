import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { langCookie, localizePath, pageLang } from '../../../lib/lang.ts';

/**
 * Switches language on the same page. A full page load, so the server renders the other
 * language from the start; the cookie remembers the choice (spec §1).
 */
export function LanguageToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const other = pageLang(pathname) === 'ar' ? 'en' : 'ar';
  return (
    <a
      href={`${localizePath(pathname, other)}${search}${hash}`}
      hrefLang={other}
      lang={other}
      title={t('header.switchLanguageLabel')}
      onClick={() => {
        document.cookie = langCookie(other);
      }}
      className={`inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-surface ${className}`}
    >
      <Icon name="globe" />
      <span>{t('header.switchLanguage')}</span>
    </a>
  );
}
