import type { ProfileFields } from '@shop/contract';
import type { Config } from '../config.ts';
import type { ProfileChange } from '../use-cases/accounts/profile.ts';
import { withStoredImage, type Upload } from './uploads.ts';

/** A profile picture: kept in `users`, its longest side 512 px (what the profile page shows). */
export const PROFILE_IMAGE: Upload = { folder: 'users', maxSize: 512 };

/**
 * A profile change as the API's form and the profile page's form post it alike: the checked
 * fields, and the picture's bytes (when one was chosen) stored by the one upload helper.
 */
export function profileChange(
  config: Pick<Config, 'uploadsDir'>,
  input: ProfileFields,
  image: Buffer | undefined,
): ProfileChange {
  return {
    input,
    withImage: (save) => withStoredImage(config.uploadsDir, image, PROFILE_IMAGE, save),
  };
}
