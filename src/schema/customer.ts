import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { createCustomerSchema, customerFilterSchema, updateCustomerSchema } from '../domain/customers/schema';
import { Address, Connection } from './common';
import { validatedBy } from './validation';

export enum DocumentType {
  CUIT = 'CUIT',
  CUIL = 'CUIL',
  CDI = 'CDI',
  DNI = 'DNI',
  PASAPORTE = 'PASAPORTE',
  OTRO = 'OTRO',
}
registerEnumType(DocumentType, { name: 'DocumentType', description: 'Identity document (AFIP DocTipo 80, 86, 87, 96, 94, other).' });

export enum IvaCondition {
  responsable_inscripto = 'responsable_inscripto',
  monotributo = 'monotributo',
  exento = 'exento',
  consumidor_final = 'consumidor_final',
  no_categorizado = 'no_categorizado',
  proveedor_exterior = 'proveedor_exterior',
  cliente_exterior = 'cliente_exterior',
}
registerEnumType(IvaCondition, { name: 'IvaCondition', description: "The receiver's VAT condition (RG 5616/2024)." });

@ObjectType({ description: 'Someone the account sells and delivers to.' })
export class Customer {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => DocumentType, { nullable: true })
  documentType!: DocumentType | null;

  @Field(() => String, { nullable: true, description: 'CUIT/CUIL as 11 digits.' })
  documentNumber!: string | null;

  @Field(() => IvaCondition, { nullable: true })
  ivaCondition!: IvaCondition | null;

  @Field(() => Address, { nullable: true })
  address!: Address | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => Date)
  updatedAt!: Date;
}

@ObjectType()
export class CustomerConnection extends Connection(Customer, 'Customer') {}

@InputType('CustomerFieldsInput')
abstract class CustomerFieldsInput {
  @Field(() => DocumentType, { nullable: true })
  documentType?: DocumentType | null;

  @Field(() => String, { nullable: true, description: 'Checked against the type: CUIT/CUIL check digit, DNI 7–8 digits.' })
  documentNumber?: string | null;

  @Field(() => IvaCondition, { nullable: true })
  ivaCondition?: IvaCondition | null;

  @Field(() => Address, { nullable: true })
  address?: Address | null;

  @Field(() => String, { nullable: true })
  email?: string | null;
}

@validatedBy(createCustomerSchema)
@InputType()
export class CreateCustomerInput extends CustomerFieldsInput {
  @Field(() => String, { description: '2 to 200 characters.' })
  name!: string;
}

@validatedBy(updateCustomerSchema)
@InputType({ description: 'A partial update: fields left out keep their values; null clears an optional field.' })
export class UpdateCustomerInput extends CustomerFieldsInput {
  @Field(() => String, { nullable: true })
  name?: string;
}

@validatedBy(customerFilterSchema)
@InputType()
export class CustomerFilter {
  @Field(() => String, { nullable: true, description: 'Text in the name, document number or email.' })
  search?: string | null;
}
