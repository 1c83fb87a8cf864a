import type { SupplyDocument } from '../../store/supplies';
import { declaredResource } from '../declare/resource';
import { openStock } from '../stock/service';
import { SUPPLY } from './declaration';

export const {
  resource: supplies,
  createSchema: createSupplySchema,
  updateSchema: updateSupplySchema,
  filterSchema: supplyFilterSchema,
} = declaredResource<SupplyDocument>(SUPPLY, {
  // The opening stock is a movement like any other, in the transaction that creates the supply.
  afterCreate: (context, doc, input, session) => openStock(context, 'supply', doc, (input.stock as number | undefined) ?? 0, session),
});

/** A supply as stored (what resolvers map to their GraphQL shape). */
export type SupplyRecord = SupplyDocument;
