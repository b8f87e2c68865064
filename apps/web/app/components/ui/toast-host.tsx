import { lazy, Suspense, useEffect, useState } from 'react';
import type { Lang } from '@shop/contract/constants';
import { loadToasts, toastContainerProps } from '../../lib/toast.ts';

const ToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.ToastContainer })));

/** Where toasts appear. Mounted in the browser only, once the page has hydrated. */
export function ToastHost({ lang }: { lang: Lang }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer {...toastContainerProps(lang)} />
    </Suspense>
  );
}
