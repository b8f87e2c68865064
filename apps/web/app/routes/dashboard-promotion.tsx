import { promotionInputSchema } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-promotion';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { PromotionForm } from '../features/dashboard-discounts/promotion-form.tsx';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** `new`, or a promotion's id. */
function idOf(params: { id?: string }): number | null {
  return params.id && /^[1-9][0-9]{0,9}$/.test(params.id) ? Number(params.id) : null;
}

/** A new automatic promotion (`/dashboard/promotions/new`) or one to read (staff) or change (owners). */
export async function loader(args: Route.LoaderArgs) {
  const id = idOf(args.params);
  // Making a promotion is the owner's; staff may read an existing one.
  const { bo, me } = await requireMember(args, id === null ? { role: 'owner' } : {});
  const [promotion, categories, brands] = await Promise.all([
    id === null ? null : bo.promotions.promotion(id),
    bo.catalog.categories(),
    bo.catalog.brands(),
  ]);
  return { promotion, categories, brands, owner: me.staff.role === 'owner' };
}

export async function action(args: Route.ActionArgs) {
  const { bo } = await requireMember(args, { role: 'owner' });
  const lang = requestLang(args.request);
  const id = idOf(args.params);
  const result = await submitAction(args.request, {
    schema: promotionInputSchema,
    input: (values, form) => ({
      ...values,
      categoryIds: form.getAll('categoryIds').map(String),
      brandIds: form.getAll('brandIds').map(String),
    }),
    run: (input) =>
      id === null ? bo.promotions.createPromotion(input) : bo.promotions.savePromotion(id, input),
  });
  return answerForm(args.request, result, {
    redirectTo: result.ok ? localizePath('/dashboard/promotions', lang) : undefined,
  });
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
          readOnly={!owner}
          serverAnswer={posted}
        />
      </div>
    </DashboardPage>
  );
}
