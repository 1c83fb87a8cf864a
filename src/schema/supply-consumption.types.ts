import { SUPPLY_CONSUMPTION } from '../domain/supply-consumptions/supply-consumptions.declaration';
import { declaredObjectType, typesOf } from './declared.types';

export const SupplyConsumption = typesOf(SUPPLY_CONSUMPTION).Record;
export type SupplyConsumption = Record<string, unknown> & { id: string; customerId: string | null; createdById: string | null; revertedById: string | null };
export const SupplyConsumptionItem = declaredObjectType('SupplyConsumptionItem');
export type SupplyConsumptionItem = Record<string, unknown> & { supplyId: string };
