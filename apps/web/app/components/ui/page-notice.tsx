import { useTranslation } from '../../lib/use-translation.ts';
import { Icon } from './icon.tsx';

/** A message for the shopper that the server puts on the page after a form post. */
export interface Notice {
  kind: 'success' | 'warning' | 'error';
  text: string;
}

const tone: Record<Notice['kind'], string> = {
  success: 'border-emerald-600 text-emerald-900',
  warning: 'border-amber-500 text-amber-950',
  error: 'border-sale text-sale',
};

/**
 * The toast of a page that is not hydrated (decision 052): where react-toastify puts its
 * toasts (top corner on the reading side), gone after 5000 ms unless pointed at (app.css,
 * `.page-notice`), closed by its button through the browser's own dialog form.
 */
export function PageNotice({ notice }: { notice: Notice }) {
  const { t } = useTranslation('forms');
  return (
    <dialog
      open
      className="page-notice fixed start-4 end-auto top-4 z-50 m-0 flex w-[min(22rem,calc(100vw-2rem))] items-start gap-3 rounded-lg border-s-4 bg-white p-4 shadow-lg"
    >
      <p
        role={notice.kind === 'success' ? 'status' : 'alert'}
        className={`flex-1 font-semibold ${tone[notice.kind]}`}
      >
        {notice.text}
      </p>
      <form method="dialog">
        <button
          type="submit"
          aria-label={t('close')}
          className="inline-flex size-6 items-center justify-center rounded-full text-muted hover:text-ink"
        >
          <Icon name="close" className="size-4" />
        </button>
      </form>
    </dialog>
  );
}
