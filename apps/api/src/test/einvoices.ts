import { SIMULATOR_OTP } from '@shop/zatca';

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
