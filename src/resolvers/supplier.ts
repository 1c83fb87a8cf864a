import { outputOf } from '../domain/declare/mapping';
import { SUPPLIER } from '../domain/suppliers/declaration';
import { suppliers } from '../domain/suppliers/service';
import { SUPPLIER_TYPES, type Supplier } from '../schema/supplier';
import type { SupplierRecord as SupplierDocument } from '../domain/suppliers/service';
import { declaredResolver } from './declared';

/** Stored supplier → its GraphQL shape. */
export const toSupplier = (doc: SupplierDocument): Supplier => outputOf(SUPPLIER, doc) as Supplier;

export const SupplierResolver = declaredResolver(SUPPLIER, SUPPLIER_TYPES, suppliers, toSupplier);
