import { data, useActionData } from 'react-router';
import type { Route } from './+types/dashboard-category-specs';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { SpecManager } from '../features/dashboard-catalog/components/spec-manager.tsx';
import { specAction } from '../features/dashboard-catalog/specs.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

const categoryId = (raw: string | undefined) => (raw && /^[0-9]{1,9}$/.test(raw) ? Number(raw) : undefined);

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const id = categoryId(args.params.id);
  const [attributes, categories] = await Promise.all([
    id === undefined ? null : bo.catalog.specAttributes(id),
    bo.catalog.categories(),
  ]);
  const category = categories.find((c) => c.id === id);
  if (!attributes || !category) throw data(null, { status: 404 });
  return { category, attributes };
}

export function action(args: Route.ActionArgs) {
  const id = categoryId(args.params.id);
  if (id === undefined) throw data(null, { status: 404 });
  return specAction(id, args);
}

/** A category's specification attributes: add, edit, reorder and remove them. */
export default function DashboardCategorySpecs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-catalog');
  const { lang } = useLang();
  const posted = useActionData<FormAnswer>();
  const { category, attributes } = loaderData;
  const name = lang === 'en' ? category.nameEn : category.nameAr;
  return (
    <DashboardPage
      title={t('specs.pageTitle', { name })}
      breadcrumbs={[{ label: t('categories.title'), to: '/dashboard/categories' }, { label: name }]}
    >
      <SpecManager attributes={attributes} serverAnswer={posted} />
    </DashboardPage>
  );
}
