import { discountCodeInputSchema } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-discount-code';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { DiscountCodeForm } from '../features/dashboard-discounts/discount-code-form.tsx';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** `new`, or a code's id. */
function idOf(params: { id?: string }): number | null {
  return params.id && /^[1-9][0-9]{0,9}$/.test(params.id) ? Number(params.id) : null;
}

/** A new discount code (`/dashboard/discount-codes/new`) or one code to read (staff) or change (owners). */
export async function loader(args: Route.LoaderArgs) {
  const id = idOf(args.params);
  // Making a code is the owner's; staff may read an existing one.
  const { bo, me } = await requireMember(args, id === null ? { role: 'owner' } : {});
  const [code, categories, brands] = await Promise.all([
    id === null ? null : bo.discounts.discountCode(id),
    bo.catalog.categories(),
    bo.catalog.brands(),
  ]);
  return { code, categories, brands, owner: me.staff.role === 'owner' };
}

export async function action(args: Route.ActionArgs) {
  const { bo } = await requireMember(args, { role: 'owner' });
  const lang = requestLang(args.request);
  const id = idOf(args.params);
  const result = await submitAction(args.request, {
    schema: discountCodeInputSchema,
    input: (values, form) => ({
      ...values,
      categoryIds: form.getAll('categoryIds').map(String),
      brandIds: form.getAll('brandIds').map(String),
    }),
    run: (input) =>
      id === null ? bo.discounts.createDiscountCode(input) : bo.discounts.saveDiscountCode(id, input),
  });
  return answerForm(args.request, result, {
    redirectTo: result.ok ? localizePath('/dashboard/discount-codes', lang) : undefined,
  });
}

export default function DashboardDiscountCode({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-discounts');
  const posted = useActionData<FormAnswer>();
  const { code, owner } = loaderData;
  const title = code ? code.code : t('new');
  return (
    <DashboardPage
      title={title}
      breadcrumbs={[{ label: t('title'), to: '/dashboard/discount-codes' }, { label: title }]}
    >
      {code && (
        <p className="text-sm text-muted">{t('usage', { uses: code.uses, orders: code.paidOrders })}</p>
      )}
      <div className="rounded-2xl border border-line bg-white p-4 md:p-6">
        <DiscountCodeForm
          code={code}
          categories={loaderData.categories}
          brands={loaderData.brands}
          readOnly={!owner}
          serverAnswer={posted}
        />
      </div>
    </DashboardPage>
  );
}
