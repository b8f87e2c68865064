import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { isPlainClick } from '../../../lib/plain-click.ts';
import { useStaticPage } from '../../../lib/static-page.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { loginPathFor } from '../../auth/redirect-target.ts';

// The dialog (forms, schemas) comes with the first click, not with every page's header.
const loadLoginDialog = () => import('../../auth/components/login-dialog.tsx');
const LoginDialog = lazy(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));

/**
 * The header's login: a real link to /login (so it works before and without JavaScript) that,
 * once the page has hydrated, opens the login dialog in place instead (login is also
 * offered as a modal). A click that asks for a new tab still follows the link.
 */
export function LoginLink({
  onOpen,
  className,
  children,
}: {
  onOpen: () => void;
  className: string;
  children: ReactNode;
}) {
  const preload = () => void loadLoginDialog();
  const { pathname, search } = useLocation();
  const { lang } = useLang();
  // A page that is not hydrated has no dialog: its login page comes back here, as the dialog would.
  const isStatic = useStaticPage();
  return (
    <ShopLink
      to={isStatic ? loginPathFor(`${pathname}${search}`, lang) : '/login'}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={(event) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        onOpen();
      }}
      className={className}
    >
      {children}
    </ShopLink>
  );
}

/**
 * The login dialog of the header, loaded on first use. After logging in, the browser reloads
 * the page the shopper was on, now with the user menu.
 */
export function HeaderLoginDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { pathname, search } = useLocation();
  const [requested, setRequested] = useState(open);
  if (open && !requested) setRequested(true);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <LoginDialog open={open} onOpenChange={onOpenChange} redirectTo={`${pathname}${search}`} />
    </Suspense>
  );
}
