import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSettings } from '../../modules/settings/service.ts';
import { type TestContext } from '../../test/harness.ts';
import { pagesApp, QueryLog } from '../../test/query-log.ts';
import { ADMIN_HOST, ADMIN_ORIGIN, signedInMember } from '../../test/staff.ts';

/**
 * The settings page saves through the load context: its action calls the settings use case
 * itself, with no request of its own through the API's routes (which would resolve the staff
 * session a second time and read the settings again to answer them).
 */
describe('the settings page', () => {
  let t: TestContext;
  const log = new QueryLog();
  const statements = log.statements;

  beforeAll(async () => {
    t = await pagesApp(log);
  }, 180_000);
  afterAll(() => t.close());

  const readsOf = (table: string) => log.readsOf(table);

  /** The settings form as the page posts it, with the shop's current values. */
  async function settingsForm(changes: Record<string, string>) {
    const before = await getSettings(t.app.db);
    const form = new URLSearchParams({
      shopNameAr: before.shopName.ar,
      shopNameEn: before.shopName.en,
      phone1: '0112345678',
      email: 'shop@example.com',
      whatsapp: '',
      addressAr: before.address.ar,
      addressEn: before.address.en,
      opens: before.openingHours.opens,
      closes: before.openingHours.closes,
      shippingFee: '70',
      freeShippingThreshold: '',
      lowStockThreshold: '5',
      sellerNameAr: before.sellerName.ar,
      sellerNameEn: before.sellerName.en,
      taxNumber: '',
      commercialRegister: '',
      ...changes,
    });
    for (const day of before.openingHours.days) form.append('days', day);
    return form;
  }

  const postSettings = (owner: { token: string }, form: URLSearchParams) =>
    t.app.inject({
      method: 'POST',
      url: '/en/dashboard/settings',
      headers: {
        host: ADMIN_HOST,
        origin: ADMIN_ORIGIN,
        cookie: `staff_session=${owner.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form.toString(),
    });

  it('saves a changed phone with one staff session lookup and one read of the settings', async () => {
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    const form = await settingsForm({});
    const res = await log.record(() => postSettings(owner, form));

    // Without JavaScript the page answers post-redirect-get, back to the settings page.
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/en/dashboard/settings');
    const after = await getSettings(t.app.db);
    expect(after.phones).toEqual(['0112345678']);
    expect(after.email).toBe('shop@example.com');

    const all = statements.join('\n');
    // The page request's own staff session lookup; a request through the API would make a second.
    expect(readsOf('staff_sessions'), all).toHaveLength(1);
    // The settings once, in the save's transaction, to see what changes.
    expect(readsOf('settings'), all).toHaveLength(1);
    // The payment keys once in the save, to see which were replaced. After the commit the payment
    // and the message keys are read once each for the providers: the save reloads them, and the
    // change it announces does not reload them a second time in this process.
    expect(readsOf('payment_keys'), all).toHaveLength(2);
    expect(readsOf('message_keys'), all).toHaveLength(1);
    // On PostgreSQL, with its begin, commit and two change messages (settings, content), 11.
    expect(statements.length, all).toBeLessThanOrEqual(11);
  });

  it('turns the national address off with its box unticked, and on again ticked', async () => {
    const owner = await signedInMember(t.app.db, { role: 'owner' });
    expect((await getSettings(t.app.db)).nationalAddressRequired).toBe(true);
    // Unticked, the box posts nothing: only its hidden "0" comes.
    const off = await postSettings(owner, await settingsForm({ nationalAddressRequired: '0' }));
    expect(off.statusCode, off.body).toBe(302);
    expect((await getSettings(t.app.db)).nationalAddressRequired).toBe(false);
    const on = await settingsForm({ nationalAddressRequired: '0' });
    on.append('nationalAddressRequired', '1');
    expect((await postSettings(owner, on)).statusCode).toBe(302);
    expect((await getSettings(t.app.db)).nationalAddressRequired).toBe(true);
  });
});
