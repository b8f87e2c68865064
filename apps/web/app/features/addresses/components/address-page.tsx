import type { Address } from '@shop/contract';
import { useActionData } from 'react-router';
import { PageHeader } from '../../account/components/page-header.tsx';
import { useRootData } from '../../../lib/root-data.ts';
import { AddressForm, type AddressAnswer } from './address-form.tsx';

/** The add-address and edit-address pages: a heading and the address form, posting to the page. */
export function AddressPage({
  title,
  address,
  tileUrl,
}: {
  title: string;
  address?: Address;
  tileUrl: string;
}) {
  const showDetails = useRootData()?.settings.showAddressDetails ?? false;
  const posted = useActionData<AddressAnswer>();
  return (
    <>
      <PageHeader title={title} />
      <div className="max-w-2xl">
        <AddressForm
          key={address?._id}
          address={address}
          showDetails={showDetails}
          tileUrl={tileUrl}
          serverAnswer={posted}
        />
      </div>
    </>
  );
}
