import { useNavigation } from 'react-router';

/**
 * Home and every page: a thin bar at the top while a navigation is loading. On a page
 * that is not hydrated, static-page.client.js sets the same `data-busy` (app.css, `.nav-progress`).
 */
export function ProgressBar() {
  const navigation = useNavigation();
  return (
    <div
      id="nav-progress"
      aria-hidden="true"
      data-busy={navigation.state !== 'idle' ? '' : undefined}
      className="nav-progress pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden"
    >
      <div className="h-full bg-primary" />
    </div>
  );
}
