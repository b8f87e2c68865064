import { promotionInputSchema } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-promotion';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { PromotionForm } from '../features/dashboard-discounts/promotion-form.tsx';
import { saveTerms, termsPage } from '../features/dashboard-discounts/terms-page.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** A new automatic promotion (`/dashboard/promotions/new`) or one to read (staff) or change (owners). */
export async function loader(args: Route.LoaderArgs) {
  const { item: promotion, ...page } = await termsPage(args, (bo, id) => bo.promotions.promotion(id));
  return { promotion, ...page };
}

export async function action(args: Route.ActionArgs) {
  return saveTerms(args, promotionInputSchema, '/dashboard/promotions', (bo, id, input) =>
    id === null ? bo.promotions.createPromotion(input) : bo.promotions.savePromotion(id, input),
  );
}

export default function DashboardPromotion({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-discounts');
  const { lang } = useLang();
  const posted = useActionData<FormAnswer>();
  const { promotion, owner } = loaderData;
  const title = promotion ? (lang === 'en' ? promotion.nameEn : promotion.nameAr) : t('promotions.new');
  return (
    <DashboardPage
      title={title}
      breadcrumbs={[{ label: t('promotions.title'), to: '/dashboard/promotions' }, { label: title }]}
    >
      {promotion && (
        <p className="text-sm text-muted">
          {t('promotions.usage', { uses: promotion.uses, orders: promotion.paidOrders })}
        </p>
      )}
      <div className="rounded-2xl border border-line bg-white p-4 md:p-6">
        <PromotionForm
          promotion={promotion}
          categories={loaderData.categories}
          brands={loaderData.brands}
          picked={loaderData.picked}
          readOnly={!owner}
          serverAnswer={posted}
        />
      </div>
    </DashboardPage>
  );
}
