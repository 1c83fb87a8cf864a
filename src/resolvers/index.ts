import { CustomerResolver } from './customer';
import { ProductResolver } from './product';
import { StockResolver } from './stock';
import { SupplierResolver } from './supplier';

/** Every resolver class of the gateway. */
export const RESOLVERS = [SupplierResolver, ProductResolver, CustomerResolver, StockResolver] as const;
