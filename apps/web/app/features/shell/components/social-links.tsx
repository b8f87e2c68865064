import { socialHref, type Settings } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';

const networks = ['x', 'instagram', 'snapchat', 'tiktok', 'whatsapp'] as const;

/**
 * The shop's social accounts from settings; nothing when none is set. Each link is checked
 * again here (`socialHref`): only an https address is rendered, whatever the row holds.
 */
export function SocialLinks({
  links,
  className = '',
}: {
  links: Settings['socialLinks'];
  className?: string;
}) {
  const { t } = useTranslation();
  const present = networks.flatMap((network) => {
    const href = socialHref(network, links[network]);
    return href ? [{ network, href }] : [];
  });
  if (present.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`}>
      {present.map(({ network, href }) => (
        <li key={network}>
          <a
            href={href}
            rel="noopener noreferrer"
            target="_blank"
            className="inline-flex h-8 items-center rounded-full border border-current/20 px-3 text-xs font-medium hover:border-current"
          >
            {t(`social.${network}`)}
          </a>
        </li>
      ))}
    </ul>
  );
}
