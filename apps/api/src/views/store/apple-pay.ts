import { readFile } from 'node:fs/promises';
import type { Config } from '../../config.ts';

/**
 * Apple Pay's domain verification file (decision 243): Apple fetches it from
 * `/.well-known/apple-developer-merchantid-domain-association` before the domain may show Apple
 * Pay, and Moyasar's dashboard gives it to the owner to put there. Its contents come from
 * APPLE_PAY_DOMAIN_ASSOCIATION, or from the file APPLE_PAY_DOMAIN_ASSOCIATION_FILE names, read
 * on every request so that a renewed file is served without a restart. Null without either, or
 * when the file cannot be read: the shop never makes one up.
 */
export async function applePayDomainAssociation(config: Pick<Config, 'applePay'>): Promise<string | null> {
  const { domainAssociation, domainAssociationFile } = config.applePay;
  if (domainAssociation) return domainAssociation;
  if (!domainAssociationFile) return null;
  try {
    const text = await readFile(domainAssociationFile, 'utf8');
    return text.length > 0 ? text : null;
  } catch {
    return null;
  }
}
