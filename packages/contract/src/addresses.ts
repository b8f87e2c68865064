import { z } from './zod.ts';
import { text } from './text.ts';
import { okSchema } from './errors.ts';
import { uuidParam } from './common.ts';
import { ADDRESS_FIELD_MAX, ADDRESS_NAME_MAX, ADDRESS_TEXT_MAX, looksLikeSaudiMobile } from './constants.ts';

const shortText = (max: number, multiline = false) => text({ multiline }).trim().max(max, 'TEXT_TOO_LONG');

/** A coordinate as a number or numeric text (map pickers send either). Empty means none. */
const coordinate = (limit: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: 'COORDINATES_INVALID' })
    .transform((value, context) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      if (text === '') return null;
      if (/^-?[0-9]{1,3}(\.[0-9]{1,15})?$/.test(text)) return Number(text);
      context.addIssue({ code: 'custom', message: 'COORDINATES_INVALID' });
      return z.NEVER;
    })
    .pipe(z.number().min(-limit, 'COORDINATES_INVALID').max(limit, 'COORDINATES_INVALID').nullable())
    .optional();

/**
 * An address as sent when adding or editing. `user` may be sent, as older clients do; it
 * must then be the caller's own id. Only the title (`name`) is required.
 */
export const addressInputSchema = z.object({
  /** The form's "title". */
  name: text()
    .trim()
    .min(1, { message: 'ADDRESS_NAME_REQUIRED', abort: true })
    .max(ADDRESS_NAME_MAX, 'TEXT_TOO_LONG'),
  user: text().optional(),
  city: shortText(ADDRESS_FIELD_MAX).optional(),
  /** The form's "region". */
  zone: shortText(ADDRESS_FIELD_MAX).optional(),
  /** The form's "nearest mark". */
  closeSign: shortText(ADDRESS_FIELD_MAX).optional(),
  /** The form's "notes": the address text. */
  address: shortText(ADDRESS_TEXT_MAX, true).optional(),
  /** A Saudi mobile number in any accepted form, or empty. Stored as E.164. */
  mobile: text()
    .trim()
    .max(32, 'PHONE_INVALID')
    .refine((v) => v === '' || looksLikeSaudiMobile(v), 'PHONE_INVALID')
    .optional(),
  latitude: coordinate(90),
  longitude: coordinate(180),
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressData = z.output<typeof addressInputSchema>;

/** One of the caller's addresses, by its id (the API's paths, the address book's forms). */
export const addressIdParams = z.object({ id: uuidParam });

/** An address as the API answers it. */
export const addressSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The owner's user id. */
  user: z.string(),
  city: z.string(),
  zone: z.string(),
  closeSign: z.string(),
  address: z.string(),
  /** E.164 or empty. */
  mobile: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListSchema = z.array(addressSchema);

/** A success message with the saved address beside it. */
export const addressOkSchema = okSchema.extend(addressSchema.shape);
export type AddressOk = z.infer<typeof addressOkSchema>;
