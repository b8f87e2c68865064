import { discountCodeInputSchema } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-discount-code';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DiscountCodeForm } from '../features/dashboard-discounts/discount-code-form.tsx';
import { saveTerms, termsPage } from '../features/dashboard-discounts/terms-page.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** A new discount code (`/dashboard/discount-codes/new`) or one code to read (staff) or change (owners). */
export async function loader(args: Route.LoaderArgs) {
  const { item: code, ...page } = await termsPage(args, (bo, id) => bo.discounts.discountCode(id));
  return { code, ...page };
}

export async function action(args: Route.ActionArgs) {
  return saveTerms(args, discountCodeInputSchema, '/dashboard/discount-codes', (bo, id, input) =>
    id === null ? bo.discounts.createDiscountCode(input) : bo.discounts.saveDiscountCode(id, input),
  );
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
          picked={loaderData.picked}
          readOnly={!owner}
          serverAnswer={posted}
        />
      </div>
    </DashboardPage>
  );
}
