import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The answer to a form posted without JavaScript: the API's message, and the way on. */
export function FormDone({ message, toLogin = false }: { message: string; toLogin?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="rounded-xl bg-emerald-50 p-4 text-emerald-900">
        {message}
      </p>
      {toLogin && (
        <ShopLink to="/login" className="font-semibold text-primary hover:underline">
          {t('header.login')}
        </ShopLink>
      )}
    </div>
  );
}
