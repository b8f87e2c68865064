import { addressInputSchema, errorMessage, type Address } from '@shop/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { browserApi, ApiRequestError } from '../../../lib/api.ts';
import { firstFormError, focusField, formValues, type FormError } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { addAddress, updateAddress } from '../api.ts';
import type { LatLng } from '../map-defaults.ts';
import { MapPicker } from './map-picker.tsx';

/**
 * Add or edit an address (spec §2): title and notes, the map, and the extra fields (nearest
 * mark, phone, region, city) only when the shop's settings ask for them. The button takes the
 * shop's primary colour. `onSaved` decides what happens next (the page goes to the address
 * book; the checkout dialog selects the new address).
 */
export function AddressForm({
  address,
  showDetails,
  tileUrl,
  onSaved,
}: {
  /** The address being edited; none to add one. */
  address?: Address;
  showDetails: boolean;
  tileUrl: string;
  onSaved: (address: Address) => void;
}) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const formRef = useRef<HTMLFormElement>(null);
  const notesId = useId();
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [point, setPoint] = useState<LatLng | null>(
    address?.latitude != null && address.longitude != null
      ? { lat: address.latitude, lng: address.longitude }
      : null,
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = {
      ...formValues(form),
      latitude: point?.lat ?? null,
      longitude: point?.lng ?? null,
    };
    const invalid = firstFormError(addressInputSchema, values, lang);
    if (invalid) {
      setError(invalid);
      notify.error(invalid.message);
      focusField(formRef.current, invalid.field);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const input = addressInputSchema.parse(values);
      const api = browserApi(lang);
      const answer = address ? await updateAddress(api, address._id, input) : await addAddress(api, input);
      notify.success(answer.message);
      if (!address) {
        // Spec §4: a successful add resets the form.
        form.reset();
        setPoint(null);
      }
      onSaved(answer);
    } catch (failure) {
      // Spec §8: 'failure of the add operation' (or of the edit); a field problem is shown at it.
      const field = failure instanceof ApiRequestError ? failure.body?.fields?.[0] : undefined;
      const message = errorMessage(address ? 'EDIT_FAILED' : 'ADD_FAILED', lang);
      setError(field ? { field: field.path, message: field.message } : { message });
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
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
          <TextField
            label={t('addresses.fields.city')}
            name="city"
            autoComplete="address-level2"
            defaultValue={address?.city}
            maxLength={100}
            error={errorFor('city')}
          />
        </div>
      )}
      <MapPicker value={point} onChange={setPoint} tileUrl={tileUrl} />
      {error && !error.field && (
        <p role="alert" className="text-sm font-medium text-sale">
          {error.message}
        </p>
      )}
      <SubmitButton busy={busy} className="sm:self-start">
        {busy ? t('addresses.saving') : address ? t('addresses.saveEdit') : t('addresses.save')}
      </SubmitButton>
    </form>
  );
}
