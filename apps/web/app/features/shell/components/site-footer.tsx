import type { Category, Settings } from '@shop/contract';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { Logo } from './logo.tsx';
import { OpeningHoursText } from './opening-hours-text.tsx';
import { SocialLinks } from './social-links.tsx';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-4 text-base font-bold text-white">{title}</h2>
      {children}
    </section>
  );
}

function ContactLine({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <Icon name={icon} className="mt-0.5 size-5 shrink-0 text-white/70" />
      <span>
        <span className="block text-xs text-white/70">{label}</span>
        {children}
      </span>
    </li>
  );
}

const linkClass = 'hover:text-white hover:underline underline-offset-4';

export function SiteFooter({ settings, categories }: { settings: Settings; categories: Category[] }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 bg-ink text-sm text-white/85">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section className="flex flex-col gap-4">
          <div className="w-fit rounded-xl bg-white px-3 py-2">
            <Logo name={settings.sellerName} />
          </div>
          <p className="leading-relaxed">{t('footer.about', { shop: settings.sellerName })}</p>
          <SocialLinks links={settings.socialLinks} />
        </section>
        <Column title={t('footer.links')}>
          <ul className="flex flex-col gap-3">
            <li>
              <ShopLink to="/info/terms/1" className={linkClass}>
                {t('footer.terms')}
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/info/policy/2" className={linkClass}>
                {t('footer.refund')}
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/info/about/3" className={linkClass}>
                {t('footer.aboutUs')}
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/info/privacy/4" className={linkClass}>
                {t('footer.privacy')}
              </ShopLink>
            </li>
            <li>
              <ShopLink to="/agents" className={linkClass}>
                {t('nav.agents')}
              </ShopLink>
            </li>
          </ul>
        </Column>
        <Column title={t('footer.popularCategories')}>
          <ul className="flex flex-col gap-3">
            {categories.map((category) => (
              <li key={category.categoryId}>
                <ShopLink to={`/products/category/${category.categoryId}`} className={linkClass}>
                  {category.categoryName}
                </ShopLink>
              </li>
            ))}
          </ul>
        </Column>
        <Column title={t('footer.contact')}>
          <ul className="flex flex-col gap-4">
            {settings.phones.map((phone) => (
              <ContactLine key={phone} icon="phone" label={t('footer.phone')}>
                <a href={`tel:${phone.replace(/\s/g, '')}`} dir="ltr" className={linkClass}>
                  {phone}
                </a>
              </ContactLine>
            ))}
            {settings.email && (
              <ContactLine icon="mail" label={t('footer.email')}>
                <a href={`mailto:${settings.email}`} className={`${linkClass} break-all`}>
                  {settings.email}
                </a>
              </ContactLine>
            )}
            <ContactLine icon="pin" label={t('footer.address')}>
              {settings.address}
            </ContactLine>
            <ContactLine icon="clock" label={t('footer.hours')}>
              <OpeningHoursText hours={settings.openingHours} />
            </ContactLine>
          </ul>
        </Column>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-white/70 md:flex-row md:items-center md:justify-between">
          <p>{t('footer.rights', { year: new Date().getFullYear(), shop: settings.sellerName })}</p>
          <p className="flex flex-wrap gap-x-6 gap-y-1">
            {settings.taxNumber && (
              <span>
                {t('footer.taxNumber')}: <bdi>{settings.taxNumber}</bdi>
              </span>
            )}
            {settings.commercialRegister && (
              <span>
                {t('footer.commercialRegister')}: <bdi>{settings.commercialRegister}</bdi>
              </span>
            )}
          </p>
        </div>
      </div>
    </footer>
  );
}
