import { SUPPLY } from '../domain/supplies/supplies.declaration';
import { createSupplySchema, supplyFilterSchema, updateSupplySchema } from '../domain/supplies/supplies.service';
import { declaredTypes } from './declared.types';

export const SUPPLY_TYPES = declaredTypes(SUPPLY, { createSchema: createSupplySchema, updateSchema: updateSupplySchema, filterSchema: supplyFilterSchema });

/** The Supply object type (for fields of other types that lead to a supply). */
export const Supply = SUPPLY_TYPES.Record;
export type Supply = Record<string, unknown> & { id: string; supplierId: string | null };
