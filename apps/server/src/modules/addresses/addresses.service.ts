import type { Address } from '@marquee/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type AddressRow, addresses, type DeliveryAddress } from '../../db/schema';
import { notFound } from '../../lib/errors';

export type AddressInput = Omit<Address, '_id' | 'createdAt' | 'updatedAt'>;

export function presentAddress(a: AddressRow): Address {
  return {
    _id: a.id,
    name: a.name,
    country: a.country,
    state: a.state,
    city: a.city,
    streetAddress: a.streetAddress,
    zipCode: a.zipCode,
    phone: a.phone,
    description: a.description,
    isDefault: a.isDefault,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The snapshot an order keeps (an address edited or deleted later does not change a shipped order). */
export function toDeliveryAddress(a: AddressRow): DeliveryAddress {
  return {
    name: a.name,
    country: a.country,
    state: a.state,
    city: a.city,
    streetAddress: a.streetAddress,
    zipCode: a.zipCode,
    phone: a.phone,
    description: a.description,
  };
}

/** A user's own address, or 404 (someone else's address is "not found"). */
export async function ownAddress(db: Executor, userId: string, id: string): Promise<AddressRow> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Address');
  return row;
}

export async function createAddress(ctx: Ctx, userId: string, input: AddressInput) {
  return ctx.db.transaction(async (tx) => {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const id = newId();
    const isDefault = input.isDefault || count === 0;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .insert(addresses)
      .values({ id, userId, ...input, isDefault })
      .returning();
    return row;
  });
}

export async function updateAddress(ctx: Ctx, userId: string, id: string, input: AddressInput) {
  return ctx.db.transaction(async (tx) => {
    await ownAddress(tx, userId, id);
    if (input.isDefault) {
      await tx
        .update(addresses)
        .set({ isDefault: false })
        .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
    }
    const [row] = await tx
      .update(addresses)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(addresses.id, id))
      .returning();
    return row;
  });
}

export async function deleteAddress(ctx: Ctx, userId: string, id: string) {
  await ownAddress(ctx.db, userId, id);
  await ctx.db.delete(addresses).where(eq(addresses.id, id));
}

export async function searchAddresses(ctx: Ctx, userId: string, offset: number, limit: number) {
  const where = eq(addresses.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(addresses)
      .where(where)
      .orderBy(desc(addresses.isDefault), desc(addresses.createdAt))
      .offset(offset)
      .limit(limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(addresses).where(where),
  ]);
  return { rows, total };
}
