import { useNavigation } from 'react-router';

/** Home and every page: a thin bar at the top while a navigation is loading (spec §2). */
export function ProgressBar() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <div
      aria-hidden="true"
      className={`pointer-events-none fixed inset-x-0 top-0 z-50 h-1 overflow-hidden transition-opacity ${busy ? 'opacity-100' : 'opacity-0'}`}
    >
      <div
        className={`h-full bg-primary transition-[width] ease-out ${busy ? 'w-4/5 duration-[2000ms]' : 'w-full duration-300'}`}
      />
    </div>
  );
}
