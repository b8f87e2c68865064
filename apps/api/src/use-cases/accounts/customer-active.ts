import type { AuditActor } from '../../lib/audit-actor.ts';
import type { Shop } from '../../lib/shop.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { accountState, reactivateAccount, suspendAccount } from '../../modules/users/service.ts';

/**
 * The back office deactivates a customer's account (`customer.deactivate`: every session of it
 * ends at once, and signing in then answers ACCOUNT_SUSPENDED) or reactivates it
 * (`customer.reactivate`, lifting a shopper's own deactivation too); nothing changes, and
 * nothing is audited, when it is already so. False when it was already so, null when there is
 * no such account.
 */
export async function setCustomerActive(
  shop: Pick<Shop, 'db'>,
  id: string,
  active: boolean,
  by: AuditActor,
): Promise<boolean | null> {
  return shop.db.transaction(async (tx) => {
    const before = await accountState(tx, id);
    if (!before) return null;
    if (before.active === active) return false;
    if (active) await reactivateAccount(tx, id);
    else await suspendAccount(tx, id, by.staffId);
    await recordAudit(tx, {
      by,
      action: active ? 'customer.reactivate' : 'customer.deactivate',
      entityType: 'customer',
      entityId: id,
      before,
      after: await accountState(tx, id),
    });
    return true;
  });
}
