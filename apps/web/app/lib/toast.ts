import type { Lang } from '@shop/contract/constants';
import type * as Toastify from 'react-toastify';
import type { ToastContainerProps } from 'react-toastify';

/**
 * The toast defaults: 5000 ms, pause on hover and on focus loss, top corner on the
 * reading side (top-right in Arabic, top-left in English).
 */
export function toastContainerProps(lang: Lang): ToastContainerProps {
  return {
    position: lang === 'ar' ? 'top-right' : 'top-left',
    autoClose: 5000,
    pauseOnHover: true,
    pauseOnFocusLoss: true,
    rtl: lang === 'ar',
    newestOnTop: true,
    closeOnClick: true,
  };
}

let library: Promise<typeof Toastify> | undefined;

/**
 * react-toastify is loaded after the page is interactive (see ToastHost), not with it: a
 * catalog page should not pay for toasts nobody has seen yet. Toasts sent before the container
 * mounts are queued by the library and shown when it does.
 */
export function loadToasts() {
  library ??= import('react-toastify');
  return library;
}

type Kind = 'success' | 'info' | 'warning' | 'error';
const show = (kind: Kind) => (message: string) => {
  void loadToasts().then(({ toast }) => toast[kind](message));
};

/** The one toast helper. Messages are already translated. */
export const notify = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
};
