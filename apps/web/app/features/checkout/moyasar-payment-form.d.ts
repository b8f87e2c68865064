// moyasar-payment-form 2.2 ships types that name a namespace it never declares, and its
// `exports` map points `import` at the UMD file: this declares the part we use.
declare module 'moyasar-payment-form' {
  export interface MoyasarPayment {
    id: string;
    status: string;
    amount: number;
    currency: string;
  }
  export interface MoyasarFormConfig {
    element: string | HTMLElement;
    /** Halalas. */
    amount: number;
    currency: 'SAR';
    description: string;
    publishable_api_key: string;
    callback_url: string;
    methods: string[];
    supported_networks?: string[];
    metadata?: Record<string, string>;
    given_id?: string;
    language?: 'ar' | 'en';
    /** `save_card`: Moyasar answers the payment with `source.token`. */
    credit_card?: { save_card?: boolean };
    apple_pay?: { country: string; label: string; validate_merchant_url: string };
    on_completed?: (payment: MoyasarPayment) => Promise<void> | void;
  }
  const Moyasar: { init(config: MoyasarFormConfig): void };
  export default Moyasar;
}
