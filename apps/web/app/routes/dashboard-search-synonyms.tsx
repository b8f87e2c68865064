import { useActionData } from 'react-router';
import type { Route } from './+types/dashboard-search-synonyms';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { SynonymManager } from '../features/dashboard-catalog/components/synonym-manager.tsx';
import { synonymAction } from '../features/dashboard-catalog/synonyms.server.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { useTranslation } from '../lib/use-translation.ts';

export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  return { groups: await bo.catalog.synonymGroups() };
}

export function action(args: Route.ActionArgs) {
  return synonymAction(args);
}

export default function DashboardSearchSynonyms({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-catalog');
  const posted = useActionData<FormAnswer>();
  return (
    <DashboardPage title={t('synonyms.title')}>
      <SynonymManager groups={loaderData.groups} serverAnswer={posted} />
    </DashboardPage>
  );
}
