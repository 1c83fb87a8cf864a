import { outputOf } from '../domain/declare/mapping';
import { SUPPLIER } from '../domain/suppliers/suppliers.declaration';
import { suppliers } from '../domain/suppliers/suppliers.service';
import { SUPPLIER_TYPES, type Supplier } from '../schema/supplier.types';
import type { SupplierRecord as SupplierDocument } from '../domain/suppliers/suppliers.service';
import { declaredResolver } from './declared.resolver';

/** Stored supplier → its GraphQL shape. */
export const toSupplier = (doc: SupplierDocument): Supplier => outputOf(SUPPLIER, doc) as Supplier;

export const SupplierResolver = declaredResolver(SUPPLIER, SUPPLIER_TYPES, suppliers, toSupplier);
