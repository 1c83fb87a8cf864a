import { ObjectId } from 'mongodb';
import { z } from 'zod';
import { moneySchema, quantitySchema } from '../money';

/** Supply validation (seed 2.6). Field names are the GraphQL input's; REST maps its snake_case onto them. */

export const SUPPLY_STATUSES = ['active', 'inactive'] as const;

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

/** A reference to another record: 24 hexadecimal characters, parsed to an ObjectId. */
export const objectIdSchema = () =>
  z
    .string({ message: 'must be an id' })
    .trim()
    .regex(/^[0-9a-fA-F]{24}$/, 'must be an id (24 hexadecimal characters)')
    .transform((id) => new ObjectId(id));

const fields = {
  name: text(200).min(1, 'must not be empty'),
  defaultAmount: moneySchema({ min: 0 }).nullish(),
  description: text(500).nullish(),
  unit: text(50).nullish(),
  unitPrice: moneySchema({ min: 0 }).nullish(),
  status: z.enum(SUPPLY_STATUSES, { message: `must be one of ${SUPPLY_STATUSES.join(', ')}` }).nullish(),
  supplierId: objectIdSchema().nullish(),
};

/** A new supply; `stock` is its opening quantity (afterwards stock changes only through movements). */
export const createSupplySchema = z
  .object({ ...fields, stock: quantitySchema({ positive: false }).refine((milli) => milli >= 0, 'must be at least 0').nullish() })
  .strict();
/** A partial update; `stock` is not accepted (adjustStock and consumptions move it). */
export const updateSupplySchema = z.object({ ...fields, name: fields.name.optional() }).strict();

export const supplyFilterSchema = z
  .object({
    status: z.enum(SUPPLY_STATUSES).nullish(),
    supplierId: objectIdSchema().nullish(),
    search: text(200).nullish(),
  })
  .strict();

export type CreateSupplyData = z.infer<typeof createSupplySchema>;
export type UpdateSupplyData = z.infer<typeof updateSupplySchema>;
export type SupplyFilterData = z.infer<typeof supplyFilterSchema>;
