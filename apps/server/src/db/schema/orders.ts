import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export interface DeliveryAddress {
  name: string;
  country: string;
  state: string;
  city: string;
  streetAddress: string;
  zipCode: string;
  phone: string;
  description: string;
}

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull().default(''),
    city: text('city').notNull(),
    streetAddress: text('street_address').notNull(),
    zipCode: text('zip_code').notNull(),
    phone: text('phone').notNull().default(''),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    /** Short, unique, human-readable (business-rules: Orders). */
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull(),
    productId: uuid('product_id').notNull(),
    chargeId: uuid('charge_id').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    /** unit price × quantity (issue 17: total = subtotal + shipping). */
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    /** The product's shipping fee, paid to the creator without commission. */
    shippingCents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    isPhysical: boolean('is_physical').notNull(),
    deliveryStatus: text('delivery_status', { enum: ['processing', 'shipping', 'delivered', 'refunded'] }).notNull(),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress | null>(),
    addressId: uuid('address_id'),
    shippingCode: text('shipping_code'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_uq').on(t.orderNumber),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_creator_idx').on(t.creatorId, t.createdAt),
    index('orders_charge_idx').on(t.chargeId),
  ],
);

export type OrderRow = typeof orders.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
