import { Link, NavLink, type LinkProps, type NavLinkProps } from 'react-router';
import { useLang } from '../../lib/use-lang.ts';

/** A Link whose string `to` (`/products`) is put in the page language (`/en/products`). */
export function ShopLink({ to, ...props }: LinkProps) {
  const { localize } = useLang();
  return <Link to={typeof to === 'string' && to.startsWith('/') ? localize(to) : to} {...props} />;
}

export function ShopNavLink({ to, ...props }: NavLinkProps) {
  const { localize } = useLang();
  return <NavLink to={typeof to === 'string' && to.startsWith('/') ? localize(to) : to} {...props} />;
}
