import { z } from './zod.ts';
import { text } from './text.ts';
import { okSchema } from './errors.ts';
import { uuidParam } from './common.ts';
import {
  ADDRESS_FIELD_MAX,
  ADDRESS_NAME_MAX,
  ADDRESS_TEXT_MAX,
  looksLikeSaudiMobile,
  toLatinDigits,
} from './constants.ts';

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
 * A short address as stored: what the shopper typed with Arabic-Indic digits made ASCII,
 * letters upper case, and spaces, dashes and direction marks left out (`rrrd ٢٩٢٩` → `RRRD2929`).
 */
export function normalizeShortAddress(value: string): string {
  return toLatinDigits(value)
    .replace(/[\s\-\u200e\u200f]/g, '')
    .toUpperCase();
}

/** Four Latin letters and four digits, as the national address's short address is written. */
export const SHORT_ADDRESS_PATTERN = /^[A-Z]{4}[0-9]{4}$/;

/** A field of `n` digits (Arabic-Indic digits accepted, stored ASCII), or empty. */
const digitsOrEmpty = (n: number, code: string) =>
  text()
    .trim()
    .max(20, code)
    .transform(toLatinDigits)
    .pipe(z.string().regex(new RegExp(`^([0-9]{${n}})?$`), code))
    .optional();

/**
 * The Saudi national address's fields of an address as sent: each may be left empty (an
 * address saved before them has none); what is given must have its form. The city is the
 * address's `city`. Text (street, district) in Arabic or English.
 */
const nationalAddressInput = {
  /** Four letters and four digits (`RRRD2929`): lower case and Arabic-Indic digits are accepted. */
  shortAddress: text()
    .trim()
    .max(20, 'SHORT_ADDRESS_INVALID')
    .transform(normalizeShortAddress)
    .refine((v) => v === '' || SHORT_ADDRESS_PATTERN.test(v), 'SHORT_ADDRESS_INVALID')
    .optional(),
  buildingNumber: digitsOrEmpty(4, 'BUILDING_NUMBER_INVALID'),
  street: shortText(ADDRESS_FIELD_MAX).optional(),
  district: shortText(ADDRESS_FIELD_MAX).optional(),
  postalCode: digitsOrEmpty(5, 'POSTAL_CODE_INVALID'),
  additionalNumber: digitsOrEmpty(4, 'ADDITIONAL_NUMBER_INVALID'),
};

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
  ...nationalAddressInput,
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
  /** The national address's fields, each '' when not given: see `nationalAddressSchema`. */
  shortAddress: z.string(),
  buildingNumber: z.string(),
  street: z.string(),
  district: z.string(),
  postalCode: z.string(),
  additionalNumber: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/**
 * A Saudi national address as an order keeps it (a copy of its address's, taken when the order
 * was placed): the short address (`RRRD2929`), building number (4 digits), street, district,
 * city, postal code (5 digits) and additional number (4 digits); '' for a part not given.
 */
export const nationalAddressSchema = z.object({
  shortAddress: z.string(),
  buildingNumber: z.string(),
  street: z.string(),
  district: z.string(),
  city: z.string(),
  postalCode: z.string(),
  additionalNumber: z.string(),
});
export type NationalAddress = z.infer<typeof nationalAddressSchema>;

/** The national address of an address of the book. */
export function nationalAddressOf(address: NationalAddress): NationalAddress {
  const { shortAddress, buildingNumber, street, district, city, postalCode, additionalNumber } = address;
  return { shortAddress, buildingNumber, street, district, city, postalCode, additionalNumber };
}

/**
 * Whether an address may be delivered to when the shop asks for the national address
 * (`nationalAddressRequired`): it has its short address, which alone finds the building.
 * An address saved before the national address was asked for has none, and is completed first.
 */
export function deliverableTo(
  address: Pick<Address, 'shortAddress'>,
  nationalAddressRequired: boolean,
): boolean {
  return !nationalAddressRequired || address.shortAddress !== '';
}

export const addressListSchema = z.array(addressSchema);

/** A success message with the saved address beside it. */
export const addressOkSchema = okSchema.extend(addressSchema.shape);
export type AddressOk = z.infer<typeof addressOkSchema>;
