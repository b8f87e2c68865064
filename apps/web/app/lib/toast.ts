import type { Lang } from '@shop/contract';
import { toast, type ToastContainerProps } from 'react-toastify';

/**
 * Spec §9 toast defaults: 5000 ms, pause on hover and on focus loss, top corner on the
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

/** The one toast helper. Messages are already translated. */
export const notify = {
  success: (message: string) => toast.success(message),
  info: (message: string) => toast.info(message),
  warning: (message: string) => toast.warning(message),
  error: (message: string) => toast.error(message),
};
