import { SUPPLY_CONSUMPTION } from '../domain/supply-consumptions/supply-consumptions.declaration';
import {
  createSupplyConsumptionSchema,
  supplyConsumptionFilterSchema,
  updateSupplyConsumptionSchema,
} from '../domain/supply-consumptions/supply-consumptions.service';
import { declaredObjectType, declaredTypes } from './declared.types';

export const SUPPLY_CONSUMPTION_TYPES = declaredTypes(SUPPLY_CONSUMPTION, {
  createSchema: createSupplyConsumptionSchema,
  updateSchema: updateSupplyConsumptionSchema,
  filterSchema: supplyConsumptionFilterSchema,
});

export const SupplyConsumption = SUPPLY_CONSUMPTION_TYPES.Record;
export type SupplyConsumption = Record<string, unknown> & { id: string; customerId: string | null; createdById: string | null; revertedById: string | null };
export const SupplyConsumptionItem = declaredObjectType('SupplyConsumptionItem');
export type SupplyConsumptionItem = Record<string, unknown> & { supplyId: string };
