import { Suspense, useState, type ReactElement, type ReactNode } from 'react';

interface Handlers {
  onClick: () => void;
  onPointerEnter: () => void;
  onFocus: () => void;
}

/**
 * A plain button that stands in for a heavier widget (a Radix menu) until it is first used, so
 * pages do not download what nobody opens (decision 033). Hover or focus starts loading; the
 * click renders `children` (a React.lazy component that opens itself), with the stand-in shown
 * until it has arrived.
 */
export function Deferred({
  preload,
  button,
  children,
}: {
  preload: () => unknown;
  button: (handlers: Handlers) => ReactElement;
  children: ReactNode;
}) {
  const [requested, setRequested] = useState(false);
  const standIn = button({
    onClick: () => setRequested(true),
    onPointerEnter: () => void preload(),
    onFocus: () => void preload(),
  });
  if (!requested) return standIn;
  return <Suspense fallback={standIn}>{children}</Suspense>;
}
