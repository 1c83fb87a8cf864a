import { z } from 'zod';
import { calendarDateSchema } from '../dates';
import { quantitySchema } from '../money';
import { objectIdSchema } from '../validation';

/** Supply consumption validation (seed 2.7). Field names are the GraphQL input's. */

export const SUPPLY_CONSUMPTION_STATUSES = ['confirmed', 'reverted'] as const;
/** The most lines one consumption may carry. */
export const MAX_CONSUMPTION_ITEMS = 1000;

const itemSchema = z
  .object({
    supplyId: objectIdSchema(),
    quantity: quantitySchema({ positive: true }),
    notes: z.string().trim().max(500, 'must be at most 500 characters').nullish(),
  })
  .strict();

export const createSupplyConsumptionSchema = z
  .object({
    items: z
      .array(itemSchema, { message: 'must be a list of items' })
      .min(1, 'at least one item')
      .max(MAX_CONSUMPTION_ITEMS, `at most ${MAX_CONSUMPTION_ITEMS} items`),
    date: calendarDateSchema().nullish(),
    customerId: objectIdSchema().nullish(),
    reference: z.string().trim().max(200, 'must be at most 200 characters').nullish(),
    notes: z.string().trim().max(1000, 'must be at most 1000 characters').nullish(),
  })
  .strict();

export const supplyConsumptionFilterSchema = z
  .object({
    status: z.enum(SUPPLY_CONSUMPTION_STATUSES).nullish(),
    dateFrom: calendarDateSchema().nullish(),
    dateTo: calendarDateSchema().nullish(),
    supplyId: objectIdSchema().nullish(),
    customerId: objectIdSchema().nullish(),
  })
  .strict()
  .refine((filter) => !(filter.dateFrom && filter.dateTo && filter.dateFrom > filter.dateTo), {
    message: 'dateFrom must not be after dateTo',
    path: ['dateFrom'],
  });

export type CreateSupplyConsumptionData = z.infer<typeof createSupplyConsumptionSchema>;
export type SupplyConsumptionFilterData = z.infer<typeof supplyConsumptionFilterSchema>;
