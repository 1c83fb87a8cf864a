import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { createSupplierSchema, supplierFilterSchema, updateSupplierSchema } from '../domain/suppliers/schema';
import { Address, BulkResult, Connection, SortDirection } from './common';
import { validatedBy } from './validation';

export enum SupplierStatus {
  active = 'active',
  inactive = 'inactive',
}
registerEnumType(SupplierStatus, { name: 'SupplierStatus' });

export enum CondicionIva {
  responsable_inscripto = 'responsable_inscripto',
  monotributo = 'monotributo',
  exento = 'exento',
}
registerEnumType(CondicionIva, { name: 'CondicionIva', description: "The supplier's VAT condition (condición frente al IVA)." });

export enum SupplierOrderField {
  name = 'name',
  createdAt = 'createdAt',
  updatedAt = 'updatedAt',
}
registerEnumType(SupplierOrderField, { name: 'SupplierOrderField' });

@ObjectType('FiscalInfo')
@InputType('FiscalInfoInput')
export class FiscalInfo {
  @Field(() => CondicionIva, { nullable: true })
  condicionIva?: CondicionIva | null;
}

@ObjectType({ description: 'A business the account buys from.' })
export class Supplier {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String, { nullable: true })
  email?: string | null;

  @Field(() => String, { nullable: true })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'CUIT or foreign tax id; unique within the account.' })
  taxId?: string | null;

  @Field(() => String, { nullable: true })
  contactName?: string | null;

  @Field(() => Address, { nullable: true })
  address?: Address | null;

  @Field(() => FiscalInfo, { nullable: true })
  fiscalInfo?: FiscalInfo | null;

  @Field(() => String, { nullable: true })
  category?: string | null;

  @Field(() => [String])
  tags!: string[];

  @Field(() => String, { nullable: true })
  notes?: string | null;

  @Field(() => SupplierStatus)
  status!: SupplierStatus;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class SupplierConnection extends Connection(Supplier, 'Supplier') {}

@ObjectType({ description: 'Outcome of a bulk create or update.' })
export class SupplierBulkResult extends BulkResult(Supplier, 'Supplier') {}

/** Fields shared by create and update; `name` is required on create only. */
@InputType('SupplierFieldsInput')
abstract class SupplierFieldsInput {
  @Field(() => String, { nullable: true, description: 'Valid email address.' })
  email?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 50 characters.' })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 50 characters; unique within the account.' })
  taxId?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 200 characters.' })
  contactName?: string | null;

  @Field(() => Address, { nullable: true })
  address?: Address | null;

  @Field(() => FiscalInfo, { nullable: true })
  fiscalInfo?: FiscalInfo | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters.' })
  category?: string | null;

  @Field(() => [String], { nullable: true })
  tags?: string[] | null;

  @Field(() => String, { nullable: true, description: 'At most 2000 characters.' })
  notes?: string | null;

  @Field(() => SupplierStatus, { nullable: true, description: 'Defaults to active.' })
  status?: SupplierStatus | null;
}

@validatedBy(createSupplierSchema)
@InputType({ description: 'A new supplier. Fields left null are not stored.' })
export class CreateSupplierInput extends SupplierFieldsInput {
  @Field(() => String, { description: '2 to 200 characters.' })
  name!: string;
}

@validatedBy(updateSupplierSchema)
@InputType({ description: 'A partial update: fields left out keep their values; null clears an optional field.' })
export class UpdateSupplierInput extends SupplierFieldsInput {
  @Field(() => String, { nullable: true, description: '2 to 200 characters.' })
  name?: string;
}

@InputType({
  description: 'One item of createSuppliers. Required fields are checked per item, so one incomplete item does not fail the others.',
})
export class SupplierCreateItem extends SupplierFieldsInput {
  @Field(() => String, { nullable: true, description: 'Required: 2 to 200 characters.' })
  name?: string;
}

@InputType({ description: 'One item of updateSuppliers.' })
export class SupplierUpdateItem extends UpdateSupplierInput {
  @Field(() => ID)
  id!: string;
}

@validatedBy(supplierFilterSchema)
@InputType()
export class SupplierFilter {
  @Field(() => SupplierStatus, { nullable: true })
  status?: SupplierStatus | null;

  @Field(() => String, { nullable: true })
  category?: string | null;

  @Field(() => String, { nullable: true, description: 'Suppliers carrying this tag.' })
  tag?: string | null;

  @Field(() => String, { nullable: true, description: 'Case-insensitive text found in the name, tax id or email.' })
  search?: string | null;

  @Field(() => Date, { nullable: true, description: 'Created at or after this instant.' })
  createdFrom?: Date | null;

  @Field(() => Date, { nullable: true, description: 'Created at or before this instant.' })
  createdTo?: Date | null;
}

@InputType()
export class SupplierOrderBy {
  @Field(() => SupplierOrderField, { defaultValue: SupplierOrderField.createdAt })
  field!: SupplierOrderField;

  @Field(() => SortDirection, { defaultValue: SortDirection.desc })
  direction!: SortDirection;
}
