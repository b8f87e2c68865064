import { einvoicePaths } from '@shop/contract';
import { SIMULATOR_OTP } from '@shop/zatca';
import type { TestContext } from './harness.ts';
import { signedInMember } from './staff.ts';

/**
 * What an owner types on the e-invoicing onboarding form, for the local Fatoora simulator: its
 * one-time password and the seller of the shop's test documents.
 */
export const onboardingForm = {
  otp: SIMULATOR_OTP,
  legalName: 'شركة متجر الرياض للإلكترونيات',
  vatNumber: '399999999900003',
  commercialRegister: '1010010000',
  branch: 'الفرع الرئيسي',
  businessCategory: 'Electronics retail',
  street: 'طريق الملك فهد',
  buildingNumber: '2322',
  additionalNumber: '8228',
  district: 'العليا',
  city: 'الرياض',
  postalCode: '12214',
};

/** Onboards a signing unit on the local Fatoora simulator as an owner would; fails the test otherwise. */
export async function onboardSigningUnit(t: TestContext): Promise<void> {
  const owner = await signedInMember(t.app.db, { role: 'owner' });
  const res = await t.app.inject({
    method: 'POST',
    url: einvoicePaths.onboard.build({}),
    headers: owner.headers,
    payload: onboardingForm,
  });
  if (res.statusCode !== 200) throw new Error(`onboarding refused: ${res.statusCode} ${res.body}`);
}
