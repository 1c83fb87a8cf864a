import { createUnionType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PRORATA_MODES, VAT_CONDITIONS } from '../domain/iva/iva.config';
import { BOOK_TYPES, ENTRY_ORIGINS } from '../domain/iva/entry';
import { Connection, ETAG_DESCRIPTION, REVISION_DESCRIPTION } from './common';
import { EXPENSE } from '../domain/expenses/expenses.declaration';
import { ISSUED_VOUCHER } from '../domain/issued-vouchers/issued-vouchers.declaration';
import { typesOf } from './declared.types';
import { ReceivedInvoice } from './received-invoice.types';

const asEnum = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((value) => [value, value])) as Record<T, T>;

export const IvaBookTypeEnum = asEnum(BOOK_TYPES);
registerEnumType(IvaBookTypeEnum, { name: 'IvaBookType', description: 'purchases = Libro IVA Compras, sales = Libro IVA Ventas.' });
export const IvaEntryOriginEnum = asEnum(ENTRY_ORIGINS);
registerEnumType(IvaEntryOriginEnum, {
  name: 'IvaEntryOrigin',
  description: 'What fed the line: a received invoice, a posted expense, an issued voucher, or a manual entry.',
});
export const IvaVatConditionEnum = asEnum(VAT_CONDITIONS);
registerEnumType(IvaVatConditionEnum, { name: 'IvaVatCondition', description: "The account's VAT condition." });
export const IvaProrataEnum = asEnum(PRORATA_MODES);
registerEnumType(IvaProrataEnum, { name: 'IvaProrata', description: 'none = all purchase VAT computes; global = only the coefficient’s share (art. 13).' });
export const IvaPeriodStatusEnum = asEnum(['open', 'closed'] as const);
registerEnumType(IvaPeriodStatusEnum, {
  name: 'IvaPeriodStatus',
  description: 'open → closed (no entry changes, no source documents dated in it) → open again by a reopen with a reason.',
});

@ObjectType({ description: 'Which documents feed the books.' })
export class IvaSources {
  @Field(() => Boolean) receivedInvoices!: boolean;
  @Field(() => Boolean, { description: 'Posted expenses with VAT lines (not those made from a received invoice when those feed the book).' })
  expenses!: boolean;
  @Field(() => Boolean) issuedVouchers!: boolean;
}

@ObjectType({ description: 'How the account keeps its VAT books.' })
export class IvaConfig {
  @Field(() => IvaVatConditionEnum) vatCondition!: string;
  @Field(() => IvaProrataEnum) prorata!: string;
  @Field(() => Float, { description: '0 to 1 (4 decimals): the share of purchase VAT computable under global pro-rata; 1 otherwise.' })
  prorataCoefficient!: number;
  @Field(() => IvaSources) sources!: IvaSources;
  @Field(() => String, { nullable: true, description: 'YYYY-MM the panel opens on (null: the current month).' }) defaultPeriod!: string | null;
}

@InputType()
export class IvaSourcesInput {
  @Field(() => Boolean, { nullable: true }) receivedInvoices?: boolean;
  @Field(() => Boolean, { nullable: true }) expenses?: boolean;
  @Field(() => Boolean, { nullable: true }) issuedVouchers?: boolean;
}

@InputType({ description: 'The settings to change; the rest keep their value.' })
export class IvaConfigInput {
  @Field(() => IvaVatConditionEnum, { nullable: true }) vatCondition?: string;
  @Field(() => IvaProrataEnum, { nullable: true }) prorata?: string;
  @Field(() => Float, { nullable: true }) prorataCoefficient?: number;
  @Field(() => IvaSourcesInput, { nullable: true }) sources?: IvaSourcesInput;
  @Field(() => String, { nullable: true }) defaultPeriod?: string | null;
}

@ObjectType({ description: 'Base and VAT of one rate.' })
export class IvaRateLine {
  @Field(() => Float, { description: 'Percent: 0, 2.5, 5, 10.5, 21 or 27.' }) rate!: number;
  @Field(() => Float) base!: number;
  @Field(() => Float) vat!: number;
}

@InputType()
export class IvaRateLineInput {
  @Field(() => Float) rate!: number;
  @Field(() => Float) base!: number;
  @Field(() => Float, { description: 'round(base × rate, 2) exactly.' }) vat!: number;
}

@ObjectType({ description: 'A VAT book: a month and a type, with its totals (credit notes subtract).' })
export class IvaBook {
  @Field(() => ID, { description: 'YYYY-MM-purchases or YYYY-MM-sales.' }) id!: string;
  @Field(() => String) period!: string;
  @Field(() => IvaBookTypeEnum) bookType!: string;
  @Field(() => IvaPeriodStatusEnum) status!: string;
  @Field(() => Int) count!: number;
  @Field(() => Int, {
    description: 'Lines that need review (VAT rates the import could not resolve, a dispatch without its number): the export waits for them.',
  })
  entriesToReview!: number;
  @Field(() => Float, { description: 'In pesos: a foreign-currency voucher counts each stated amount × its rate, rounded to the centavo.' })
  total!: number;
  @Field(() => Float) vat!: number;
  @Field(() => Float, { description: 'Purchases: the crédito fiscal computable (after pro-rata).' }) computableCredit!: number;
  @Field(() => [IvaRateLine]) rates!: IvaRateLine[];
}

@ObjectType({ description: 'One line of a VAT book, in pesos, with the Libro IVA Digital fields.' })
export class IvaBookEntry {
  @Field(() => ID) id!: string;
  @Field(() => String) bookId!: string;
  @Field(() => String) period!: string;
  @Field(() => IvaBookTypeEnum) bookType!: string;
  @Field(() => IvaEntryOriginEnum) origin!: string;
  @Field(() => String, { nullable: true, description: 'The source document (null for a manual line).' }) sourceId!: string | null;
  @Field(() => String, { description: 'YYYY-MM-DD' }) date!: string;
  @Field(() => Int, { description: 'ARCA voucher code.' }) voucherType!: number;
  @Field(() => Int) salePoint!: number;
  @Field(() => Float) voucherNumber!: number;
  @Field(() => Float) voucherNumberTo!: number;
  @Field(() => String) customsDispatch!: string;
  @Field(() => Int, { description: '80 CUIT, 86 CUIL, 96 DNI, 99 final consumer…' }) documentType!: number;
  @Field(() => String) documentNumber!: string;
  @Field(() => String) counterpartName!: string;
  @Field(() => String, { description: 'ARCA currency code (PES, DOL, 060…).' }) currency!: string;
  @Field(() => Float) exchangeRate!: number;
  @Field(() => Float) total!: number;
  @Field(() => Float) untaxed!: number;
  @Field(() => Float) exempt!: number;
  @Field(() => Float) vatPerception!: number;
  @Field(() => Float) nationalPerception!: number;
  @Field(() => Float) grossIncomePerception!: number;
  @Field(() => Float) municipalPerception!: number;
  @Field(() => Float) internalTaxes!: number;
  @Field(() => Float) otherTaxes!: number;
  @Field(() => Float) vat!: number;
  @Field(() => [IvaRateLine]) vatLines!: IvaRateLine[];
  @Field(() => String, { description: "Libro IVA Digital 'código de operación' (space, N, E, X…)." }) operationCode!: string;
  @Field(() => Float) computableCredit!: number;
  @Field(() => String, { nullable: true }) paymentDueDate!: string | null;
  @Field(() => Float, { description: 'The total in pesos (the amounts above are in the voucher currency): round(total × rate).' }) totalPesos!: number;
  @Field(() => Float, { description: 'The VAT in pesos: Σ round(VAT of a rate × rate), what the book adds up.' }) vatPesos!: number;
  @Field(() => Float, { description: 'The computable credit in pesos, what the position computes.' }) computableCreditPesos!: number;
  @Field(() => Boolean, { description: 'The line needs review before the Libro IVA Digital can be exported.' }) needsReview!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it needs review, or null.' }) reviewReason!: string | null;
  @Field(() => Int, { description: REVISION_DESCRIPTION }) revision!: number;
  @Field(() => String, { description: ETAG_DESCRIPTION }) etag!: string;
}

@ObjectType()
export class IvaBookEntryConnection extends Connection(IvaBookEntry, 'IvaBookEntry') {}

@InputType({
  description:
    'A manual line, validated like an imported voucher (the service checks required fields: date, voucherType, salePoint, voucherNumber, documentType, documentNumber, counterpartName, total).',
})
export class IvaBookEntryInput {
  @Field(() => String, { nullable: true }) date?: string;
  @Field(() => Int, { nullable: true }) voucherType?: number;
  @Field(() => Int, { nullable: true }) salePoint?: number;
  @Field(() => Float, { nullable: true }) voucherNumber?: number;
  @Field(() => Float, { nullable: true }) voucherNumberTo?: number | null;
  @Field(() => String, { nullable: true }) customsDispatch?: string;
  @Field(() => Int, { nullable: true }) documentType?: number;
  @Field(() => String, { nullable: true }) documentNumber?: string;
  @Field(() => String, { nullable: true }) counterpartName?: string;
  @Field(() => String, { nullable: true }) currency?: string;
  @Field(() => Float, { nullable: true }) exchangeRate?: number;
  @Field(() => Float, { nullable: true }) total?: number;
  @Field(() => Float, { nullable: true }) untaxed?: number;
  @Field(() => Float, { nullable: true }) exempt?: number;
  @Field(() => Float, { nullable: true }) vatPerception?: number;
  @Field(() => Float, { nullable: true }) nationalPerception?: number;
  @Field(() => Float, { nullable: true }) grossIncomePerception?: number;
  @Field(() => Float, { nullable: true }) municipalPerception?: number;
  @Field(() => Float, { nullable: true }) internalTaxes?: number;
  @Field(() => Float, { nullable: true }) otherTaxes?: number;
  @Field(() => [IvaRateLineInput], { nullable: true }) vatLines?: IvaRateLineInput[];
  @Field(() => String, { nullable: true }) paymentDueDate?: string | null;
}

@ObjectType({ description: 'A close or reopen of a period.' })
export class IvaPeriodEvent {
  @Field(() => String) action!: string;
  @Field(() => Date) at!: Date;
  @Field(() => String, { description: 'user:<id> or api_key:<account id>.' }) by!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
}

@ObjectType()
export class IvaPeriod {
  @Field(() => String) period!: string;
  @Field(() => IvaPeriodStatusEnum) status!: string;
  @Field(() => Date, { nullable: true }) closedAt!: Date | null;
  @Field(() => String, { nullable: true }) closedBy!: string | null;
  @Field(() => [IvaPeriodEvent]) history!: IvaPeriodEvent[];
}

@ObjectType({ description: "The month's VAT position (F.2002 determination)." })
export class IvaPosition {
  @Field(() => String) period!: string;
  @Field(() => Float, { description: 'Débito fiscal.' }) debit!: number;
  @Field(() => Float, { description: 'Crédito fiscal computable.' }) credit!: number;
  @Field(() => [IvaRateLine]) debitByRate!: IvaRateLine[];
  @Field(() => [IvaRateLine]) creditByRate!: IvaRateLine[];
  @Field(() => Float, { description: 'VAT perceptions suffered (purchases).' }) perceptions!: number;
  @Field(() => Float, { description: 'VAT withholdings suffered (given to calculate).' }) withholdings!: number;
  @Field(() => Float, { description: 'Débito − crédito.' }) technicalBalance!: number;
  @Field(() => Float) previousTechnicalFavor!: number;
  @Field(() => Float) appliedTechnicalFavor!: number;
  @Field(() => Float) determinedTax!: number;
  @Field(() => Float, { description: 'Saldo técnico a favor carried to the next month.' }) newTechnicalFavor!: number;
  @Field(() => Float, { description: 'Saldo de libre disponibilidad of the previous month.' }) previousFreeBalance!: number;
  @Field(() => Float) paymentsOnAccount!: number;
  @Field(() => Float) toPay!: number;
  @Field(() => Float, { description: 'Saldo de libre disponibilidad carried to the next month.' }) newFreeBalance!: number;
  @Field(() => Date, { nullable: true }) calculatedAt!: Date | null;
}

@ObjectType({ description: 'One file of an export, base64.' })
export class IvaExportFile {
  @Field(() => String) name!: string;
  @Field(() => String) contentBase64!: string;
  @Field(() => Int) records!: number;
}

@ObjectType({ description: 'The Libro IVA Digital pair of a book.' })
export class IvaBookExport {
  @Field(() => String) period!: string;
  @Field(() => IvaBookTypeEnum) bookType!: string;
  @Field(() => [IvaExportFile]) files!: IvaExportFile[];
  @Field(() => String, { description: 'Both files in a ZIP, base64.' }) zipBase64!: string;
  @Field(() => String) zipName!: string;
}

const Expense = typesOf(EXPENSE).Record;
const IssuedVoucher = typesOf(ISSUED_VOUCHER).Record;

export const IvaEntrySource = createUnionType({
  name: 'IvaEntrySource',
  description: 'The document a generated line comes from.',
  types: () => [ReceivedInvoice, Expense, IssuedVoucher] as const,
  resolveType: (value) =>
    (value as { __source?: string }).__source === 'expense'
      ? Expense
      : (value as { __source?: string }).__source === 'issued_voucher'
        ? IssuedVoucher
        : ReceivedInvoice,
});
