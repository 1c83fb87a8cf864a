import type { Stocked } from './stock.store';

export type ProductDocument = Stocked & {
  sku: string;
  unit: string;
  price_cents: number;
  description?: string;
};
