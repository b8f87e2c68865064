import type { Address, NationalAddress } from '@shop/contract';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { inputClass, TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useRootData } from '../../../lib/root-data.ts';
import { knownCityAt, type LatLng } from '../map-defaults.ts';
import { ADDRESS_SAVED_REDIRECT_MS } from '../timings.ts';
import { MapPicker } from './map-picker.tsx';
import { STAY_FIELD } from '../stay-field.ts';

/** One field of the national address in the form. */
interface NationalField extends InputHTMLAttributes<HTMLInputElement> {
  name: keyof NationalAddress;
  /** Typed left to right in a monospaced font. */
  code?: boolean;
}

/**
 * The national address's fields in the order the form shows them (the city is the address's
 * own). The server upper-cases the short address and makes Arabic-Indic digits ASCII.
 */
const NATIONAL_FIELDS: readonly NationalField[] = [
  { name: 'shortAddress', code: true, maxLength: 20, placeholder: 'RRRD2929', autoCapitalize: 'characters' },
  { name: 'buildingNumber', code: true, maxLength: 20, placeholder: '1234', inputMode: 'numeric' },
  { name: 'street', maxLength: 100, autoComplete: 'address-line1' },
  { name: 'additionalNumber', code: true, maxLength: 20, placeholder: '5678', inputMode: 'numeric' },
  { name: 'district', maxLength: 100, autoComplete: 'address-level3' },
  { name: 'city', maxLength: 100, autoComplete: 'address-level2' },
  {
    name: 'postalCode',
    code: true,
    maxLength: 20,
    placeholder: '12345',
    inputMode: 'numeric',
    autoComplete: 'postal-code',
  },
];

/** The address action's answer: the saved address comes with the message. */
export type AddressAnswer = FormAnswer & { address?: Address };

/**
 * Add or edit an address: title and notes, the national address (short address, building
 * number, street, additional number, district, city, postal code; the short address marked as
 * needed for delivery when the shop asks for it), the map, and the extra fields (nearest mark,
 * phone, region) only when the shop's settings ask for them. A pin placed in Riyadh fills an
 * empty city: the map knows no more than that without asking a service. It posts to the add page's action
 * or to the edit page's, which share one shape (`saveAddress`). On its own page the shopper
 * then goes to the address book after a second; with `onSaved` (the cart's checkout dialog)
 * the form stays and hands over the new address. A successful add empties the form.
 */
export function AddressForm({
  address,
  showDetails,
  tileUrl,
  onSaved,
  serverAnswer,
}: {
  /** The address being edited; none to add one. */
  address?: Address;
  showDetails: boolean;
  tileUrl: string;
  onSaved?: (address: Address) => void;
  /** The page's action answer to a form posted before or without JavaScript. */
  serverAnswer?: AddressAnswer;
}) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const { lang, localize } = useLang();
  const nationalRequired = useRootData()?.settings.nationalAddressRequired ?? true;
  const notesId = useId();
  const [cityFilled, setCityFilled] = useState(false);
  const [point, setPoint] = useState<LatLng | null>(
    address?.latitude != null && address.longitude != null
      ? { lat: address.latitude, lng: address.longitude }
      : null,
  );
  const { Form, formRef, busy, answer, errorFor } = useActionForm<AddressAnswer>({
    serverAnswer,
    redirectAfterMs: ADDRESS_SAVED_REDIRECT_MS,
    onDone: (saved) => {
      if (!address) {
        formRef.current?.reset();
        setPoint(null);
        setCityFilled(false);
      }
      if (saved.address) onSaved?.(saved.address);
    },
  });
  const error = answer?.error;

  /** The pin, and the city it lies in when the city is still empty. */
  const placePin = (picked: LatLng) => {
    setPoint(picked);
    const city = formRef.current?.elements.namedItem('city');
    const known = knownCityAt(picked);
    if (known && city instanceof HTMLInputElement && city.value.trim() === '') {
      city.value = known[lang];
      setCityFilled(true);
    }
  };

  return (
    <Form
      ref={formRef}
      method="post"
      action={localize(address ? `/user/edit-address/${address._id}` : '/user/add-address')}
      noValidate
      className="flex flex-col gap-4"
    >
      {onSaved && <input type="hidden" name={STAY_FIELD} value="1" />}
      <input type="hidden" name="latitude" value={point?.lat ?? ''} />
      <input type="hidden" name="longitude" value={point?.lng ?? ''} />
      <TextField
        label={t('addresses.fields.name')}
        name="name"
        defaultValue={address?.name}
        placeholder={t('addresses.namePlaceholder')}
        maxLength={100}
        error={errorFor('name')}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={notesId} className="text-sm font-semibold">
          {t('addresses.fields.address')}
        </label>
        <textarea
          id={notesId}
          name="address"
          rows={3}
          maxLength={500}
          defaultValue={address?.address}
          className="w-full rounded-xl border border-line px-4 py-3 outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
        />
      </div>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-4">
        <legend className="px-1 font-semibold">{t('addresses.nationalTitle')}</legend>
        <p className="text-xs text-muted">{t('addresses.nationalLead')}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {NATIONAL_FIELDS.map(({ name, code, ...input }) => (
            <TextField
              key={name}
              label={
                name === 'shortAddress' && nationalRequired
                  ? `${tc('nationalAddress.shortAddress')} (${t('addresses.nationalRequired')})`
                  : tc(`nationalAddress.${name}`)
              }
              name={name}
              {...input}
              // Codes and numbers read left to right inside Arabic text.
              {...(code && { dir: 'ltr', className: `${inputClass} font-mono` })}
              autoComplete={input.autoComplete ?? 'off'}
              defaultValue={address?.[name]}
              hint={
                name === 'shortAddress'
                  ? t('addresses.shortAddressHint')
                  : name === 'city' && cityFilled
                    ? t('addresses.cityFromMap')
                    : undefined
              }
              error={errorFor(name)}
            />
          ))}
        </div>
      </fieldset>
      {showDetails && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('addresses.fields.closeSign')}
            name="closeSign"
            defaultValue={address?.closeSign}
            maxLength={100}
            error={errorFor('closeSign')}
          />
          <TextField
            label={t('addresses.fields.mobile')}
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="05XXXXXXXX"
            defaultValue={address?.mobile}
            error={errorFor('mobile')}
          />
          <TextField
            label={t('addresses.fields.zone')}
            name="zone"
            defaultValue={address?.zone}
            maxLength={100}
            error={errorFor('zone')}
          />
        </div>
      )}
      <MapPicker value={point} onChange={placePin} tileUrl={tileUrl} />
      {error && !error.field && (
        <p role="alert" className="text-sm font-medium text-sale">
          {error.message}
        </p>
      )}
      <SubmitButton busy={busy} className="sm:self-start">
        {busy ? t('addresses.saving') : address ? t('addresses.saveEdit') : t('addresses.save')}
      </SubmitButton>
    </Form>
  );
}
