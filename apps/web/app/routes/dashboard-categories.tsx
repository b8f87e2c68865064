import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-categories';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { GroupManager } from '../features/dashboard-catalog/components/group-manager.tsx';
import { groupAction } from '../features/dashboard-catalog/groups.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { useTranslation } from '../lib/use-translation.ts';

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  return { groups: await bo.catalog.categories() };
}

export function action(args: Route.ActionArgs) {
  return groupAction('category', args);
}

export default function DashboardCategories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-catalog');
  const posted = useActionData<FormAnswer>();
  return (
    <DashboardPage title={t('categories.title')}>
      <GroupManager kind="category" groups={loaderData.groups} serverAnswer={posted} />
    </DashboardPage>
  );
}
