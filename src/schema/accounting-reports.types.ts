import { Field, ObjectType } from 'type-graphql';
import { LEDGER_LINE } from '../domain/accounting/reports/reports.declaration';
import { PageInfo } from './common';
import './accounting.types';
import { shapeType } from './shape.types';

/** A posted journal line where it stands in the book (declared in the reports' declaration). */
export const LedgerLine = shapeType(LEDGER_LINE);

@ObjectType({ description: 'A page of an account’s posted lines.' })
export class LedgerLineConnection {
  @Field(() => [LedgerLine])
  nodes!: Record<string, unknown>[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;
}
