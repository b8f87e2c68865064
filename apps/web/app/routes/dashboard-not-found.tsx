import { data } from 'react-router';
import type { Route } from './+types/dashboard-not-found';
import { requireMember } from '../features/dashboard/session.server.ts';

/** A back-office address no page answers: the not-found page inside the back office (404). */
export async function loader(args: Route.LoaderArgs) {
  await requireMember(args);
  throw data(null, { status: 404 });
}

export default function DashboardNotFound() {
  return null;
}
