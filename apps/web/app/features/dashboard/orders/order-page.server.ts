import type { AppLoadContext } from 'react-router';
import { data } from 'react-router';
import { requireMember } from '../session.server.ts';

/**
 * The data of an order's back-office pages (the order itself, its printable invoice and packing
 * slip): the member's access first, then the order, or the page's own not-found; and whether
 * the member is an owner (who alone may cancel a paid order, as it refunds).
 */
export async function loadBackOfficeOrder(args: {
  request: Request;
  context: AppLoadContext;
  params: { ref: string };
}) {
  const { bo, me } = await requireMember(args);
  const order = await bo.orders.one(args.params.ref);
  if (!order) throw data({ ref: args.params.ref }, { status: 404 });
  return { order, isOwner: me.staff.role === 'owner' };
}
