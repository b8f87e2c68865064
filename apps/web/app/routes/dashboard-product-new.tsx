import { productInputSchema } from '@shop/contract';
import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-product-new';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { ProductForm } from '../features/dashboard-catalog/components/product-form.tsx';
import { answerForm, postedFile, submitAction } from '../lib/form-action.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const [categories, brands] = await Promise.all([bo.catalog.categories(), bo.catalog.brands()]);
  return { categories, brands };
}

/** One multipart form: the product's fields and its first image; then on to its edit page. */
export async function action(args: Route.ActionArgs) {
  const { bo } = await requireMember(args);
  const lang = requestLang(args.request);
  const result = await submitAction(args.request, {
    schema: productInputSchema,
    run: (input, form) => bo.catalog.createProduct(input, postedFile(form, 'image')),
  });
  return answerForm(args.request, result, {
    redirectTo: result.ok ? localizePath(`/dashboard/products/${result.answer.id}`, lang) : undefined,
  });
}

export default function DashboardProductNew({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-catalog');
  const posted = useActionData<FormAnswer>();
  return (
    <DashboardPage
      title={t('products.newTitle')}
      breadcrumbs={[
        { label: t('products.title'), to: '/dashboard/products' },
        { label: t('products.newTitle') },
      ]}
    >
      <div className="rounded-2xl border border-line bg-white p-4 md:p-6">
        <ProductForm categories={loaderData.categories} brands={loaderData.brands} serverAnswer={posted} />
      </div>
    </DashboardPage>
  );
}
