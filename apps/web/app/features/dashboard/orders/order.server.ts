import { data, type AppLoadContext } from 'react-router';
import { requireMember } from '../session.server.ts';

/**
 * One order as the back office's order page and its printable invoice read it (any member); a
 * reference the shop does not know is the page's 404.
 */
export async function loadAdminOrder(args: {
  request: Request;
  context: AppLoadContext;
  params: { ref: string };
}) {
  const { bo } = await requireMember(args);
  const order = await bo.orders.one(args.params.ref);
  if (!order) throw data({ ref: args.params.ref }, { status: 404 });
  return { order };
}
