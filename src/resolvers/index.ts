import { SupplierResolver } from './supplier';

/** Every resolver class of the gateway. */
export const RESOLVERS = [SupplierResolver] as const;
