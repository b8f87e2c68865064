import { useEffect, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isPlainClick } from './plain-click.ts';

/** The query parameter that names the dialog a page is drawn with (`?dialog=password`). */
export const DIALOG_PARAM = 'dialog';

/** The current address with `?dialog=name` set, or without it for `null`. */
export function dialogHref({ pathname, search }: { pathname: string; search: string }, name: string | null) {
  const params = new URLSearchParams(search);
  if (name === null) params.delete(DIALOG_PARAM);
  else params.set(DIALOG_PARAM, name);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A dialog over the page that works before hydration and without JavaScript: its trigger is a
 * link to this page with `?dialog=name`, which the server draws with the dialog open, and its
 * close control a link back without it. A form in it posts to an address that names it too,
 * so the page a document post answers with (an error under a field) has the dialog open again.
 * Once the page is hydrated, the same links open and close the dialog in place, without a
 * page load: a plain click is taken over; a click that asks for a new tab is left alone.
 * `loaded`: the dialog shows what the page's loader reads only when the address names it (the
 * cart's addresses): the trigger then goes to that address in the hydrated shop, which loads
 * it, and the dialog opens with it.
 */
export function useDialogLink(name: string, { loaded = false }: { loaded?: boolean } = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  const named = new URLSearchParams(location.search).get(DIALOG_PARAM) === name;
  const [open, setOpenState] = useState(named);
  // The back and forward buttons move through addresses that name the dialog or not.
  useEffect(() => setOpenState(named), [named]);
  const openHref = dialogHref(location, name);
  const closeHref = dialogHref(location, null);

  const setOpen = (next: boolean) => {
    setOpenState(next);
    // Opened from the address: closing takes the name out of it, so a reload keeps it closed.
    if (!next && named) void navigate(closeHref, { replace: true, preventScrollReset: true });
  };
  const takeOver = (next: boolean) => (event: MouseEvent) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setOpen(next);
  };
  return {
    open,
    setOpen,
    /** The form's action: the route's address with the dialog named (`action` is the route's path). */
    actionFor: (action: string) => dialogHref({ pathname: action, search: '' }, name),
    /** Props of the trigger, a link (`<Link {...trigger}>`). */
    trigger: {
      to: openHref,
      onClick: loaded ? undefined : takeOver(true),
      'aria-haspopup': 'dialog' as const,
    },
    /** Props of a link that closes the dialog (the close control, Cancel). */
    close: { to: closeHref, onClick: takeOver(false) },
  };
}

export type DialogLink = ReturnType<typeof useDialogLink>;
