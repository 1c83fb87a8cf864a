import type { ClientSession } from 'mongodb';
import type { SupplyDocument } from '../../store/supplies.store';
import type { RequestContext } from '../context';
import { declaredDefinition } from '../declare/declare.resource';
import { Resource } from '../resource';
import { openStock, openStocks } from '../stock/stock.service';
import { SUPPLY } from './supplies.declaration';

type Row = Record<string, unknown>;

const openingOf = (input: Row) => (input.stock as number | undefined) ?? 0;

const {
  definition,
  createSchema: createSupplySchema,
  updateSchema: updateSupplySchema,
  filterSchema: supplyFilterSchema,
} = declaredDefinition<SupplyDocument>(SUPPLY, {
  // The opening stock is a movement like any other, in the transaction that creates the supply.
  afterCreate: (context, doc, input, session) => openStock(context, 'supply', doc, openingOf(input), session),
});
export { createSupplySchema, supplyFilterSchema, updateSupplySchema };

class SupplyResource extends Resource<SupplyDocument, Row, Row, Row, Parameters<typeof definition.sort>[0]> {
  /** A bulk create's opening stocks, with a fixed number of writes for the whole batch. */
  override afterCreateAll(context: RequestContext, docs: SupplyDocument[], inputs: Row[], session: ClientSession): Promise<SupplyDocument[]> {
    return openStocks(context, 'supply', docs, inputs.map(openingOf), session);
  }
}

export const supplies = new SupplyResource(definition);

/** A supply as stored (what resolvers map to their GraphQL shape). */
export type SupplyRecord = SupplyDocument;
