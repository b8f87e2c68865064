import { ADDRESSES_PER_USER_MAX, type Address, type AddressData } from '@shop/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addresses } from './schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { normalizeSaudiMobile } from '../../lib/phone.ts';

export type AddressRow = typeof addresses.$inferSelect;

/** An address as the API answers it, in the contract's field names. */
export function toAddressAnswer(row: AddressRow): Address {
  return {
    _id: row.id,
    name: row.name,
    user: row.userId,
    city: row.city,
    zone: row.zone,
    closeSign: row.closeSign,
    address: row.address,
    mobile: row.mobile,
    latitude: row.latitude,
    longitude: row.longitude,
    shortAddress: row.shortAddress,
    buildingNumber: row.buildingNumber,
    street: row.street,
    district: row.district,
    postalCode: row.postalCode,
    additionalNumber: row.additionalNumber,
  };
}

/** Parsed input to the columns it sets. Fields left out are stored empty (PUT replaces). */
export function addressValues(input: AddressData) {
  let mobile = '';
  if (input.mobile) {
    const normalized = normalizeSaudiMobile(input.mobile);
    if (!normalized) throw badRequest('PHONE_INVALID', 'mobile');
    mobile = normalized;
  }
  return {
    name: input.name,
    city: input.city ?? '',
    zone: input.zone ?? '',
    closeSign: input.closeSign ?? '',
    address: input.address ?? '',
    mobile,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    // Normalised by the contract's schema: upper-case letters and ASCII digits.
    shortAddress: input.shortAddress ?? '',
    buildingNumber: input.buildingNumber ?? '',
    street: input.street ?? '',
    district: input.district ?? '',
    postalCode: input.postalCode ?? '',
    additionalNumber: input.additionalNumber ?? '',
  };
}

export async function countAddresses(db: Db, userId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
  return rows[0]?.n ?? 0;
}

export async function assertRoomForAnother(db: Db, userId: string): Promise<void> {
  if ((await countAddresses(db, userId)) >= ADDRESSES_PER_USER_MAX) throw new AppError(409, 'ADDRESS_LIMIT');
}

export async function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

/** An address by id; null when there is none. Whose it is, is the caller's to check. */
export async function findAddress(db: Db, id: string): Promise<AddressRow | null> {
  const row = (await db.select().from(addresses).where(eq(addresses.id, id)).limit(1))[0];
  return row ?? null;
}

/** Adds an address to the shopper's book: 409 ADDRESS_LIMIT when the book is full. */
export async function addAddress(db: Db, userId: string, input: AddressData): Promise<AddressRow> {
  const values = addressValues(input);
  await assertRoomForAnother(db, userId);
  const [row] = await db
    .insert(addresses)
    .values({ ...values, userId })
    .returning();
  return row!;
}

/** Replaces one of the shopper's addresses (fields left out become empty); null when they have no such address. */
export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  input: AddressData,
): Promise<AddressRow | null> {
  const values = addressValues(input);
  const [row] = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning();
  return row ?? null;
}

/** Deletes one of the shopper's addresses (someone else's is left alone). */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}
