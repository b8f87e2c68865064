import { Link, NavLink, useLocation, type LinkProps, type NavLinkProps } from 'react-router';
import { useStaticPage } from '../../lib/static-page.ts';
import { useLang } from '../../lib/use-lang.ts';

/**
 * The props of React Router's links that only its router reads; a plain anchor leaves them out.
 * On a page that is not hydrated no router runs, so they would do nothing anyway.
 */
type RouterOnly =
  | 'to'
  | 'prefetch'
  | 'replace'
  | 'state'
  | 'reloadDocument'
  | 'preventScrollReset'
  | 'relative'
  | 'viewTransition'
  | 'discover';

function anchorProps<P extends Partial<Record<RouterOnly, unknown>>>(props: P): Omit<P, RouterOnly> {
  const {
    to: _to,
    prefetch: _prefetch,
    replace: _replace,
    state: _state,
    reloadDocument: _reloadDocument,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    discover: _discover,
    ...anchor
  } = props;
  return anchor;
}

/** The page-language path of a string `to` that starts at the root; other targets as given. */
function useTarget(to: LinkProps['to']) {
  const { localize } = useLang();
  return typeof to === 'string' && to.startsWith('/') ? localize(to) : to;
}

/**
 * A Link whose string `to` (`/products`) is put in the page language (`/en/products`).
 *
 * On a page the server sends without hydrating it (the home and product pages), a link to a
 * path is a plain `<a href>`: the browser follows it as React Router's would there, and the
 * server skips the router's work for each of the page's hundred links (about a sixteenth of
 * its time rendering the home page).
 */
export function ShopLink(props: LinkProps) {
  const target = useTarget(props.to);
  const plain = useStaticPage() && typeof target === 'string' && target.startsWith('/');
  if (plain) return <a {...anchorProps(props)} href={target} />;
  return <Link {...props} to={target} />;
}

/**
 * Whether a NavLink to `to` is the current page, as React Router decides it: the same path, or
 * (without `end`) a path below it; letter case aside unless `caseSensitive`.
 */
function isActivePath(pathname: string, to: string, end = false, caseSensitive = false): boolean {
  let current = pathname;
  let target = to.split(/[?#]/)[0] ?? to;
  if (!caseSensitive) {
    current = current.toLowerCase();
    target = target.toLowerCase();
  }
  if (current === target) return true;
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return !end && current.startsWith(target) && current.charAt(slash) === '/';
}

/** A NavLink with ShopLink's language and plain anchors on pages that are not hydrated. */
export function ShopNavLink(props: NavLinkProps) {
  const target = useTarget(props.to);
  const { pathname } = useLocation();
  const { className, style, children, end, caseSensitive } = props;
  const plain =
    useStaticPage() &&
    typeof target === 'string' &&
    target.startsWith('/') &&
    typeof className !== 'function' &&
    typeof style !== 'function' &&
    typeof children !== 'function';
  if (plain) {
    const active = isActivePath(pathname, target, end, caseSensitive);
    const { end: _end, caseSensitive: _caseSensitive, ...rest } = anchorProps(props);
    return (
      <a
        {...rest}
        href={target}
        aria-current={active ? 'page' : undefined}
        className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
        style={style}
      >
        {children}
      </a>
    );
  }
  return <NavLink {...props} to={target} />;
}
