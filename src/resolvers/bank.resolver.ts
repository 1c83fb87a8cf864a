import type { GraphQLResolveInfo } from 'graphql';
import { type FileUpload, GraphQLUpload } from 'graphql-upload-ts';
import { Arg, Authorized, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver } from 'type-graphql';
import { Parent } from './parent';
import { importStatement } from '../domain/bank/bank.import';
import { autoMatch, DEFAULT_WINDOW_DAYS, manualMatch, unmatch } from '../domain/bank/matching';
import { getStatement, listStatements, matchesOf, reconciliation, statementLines } from '../domain/bank/bank.statements';
import type { RequestContext } from '../domain/context';
import { ValidationError } from '../domain/errors';
import { fromCents } from '../domain/money';
import type { BankMatchDocument, BankStatementDocument, BankStatementLineDocument, JournalEntryDocument } from '../domain/stored';
import { JournalEntry, JournalLine } from '../schema/accounting.types';
import {
  BankAutoMatchResult,
  BankColumnMappingInput,
  BankMatch,
  BankReconciliation,
  BankStatement,
  BankStatementLine,
  BankStatementLinePage,
  JournalLineRefInput,
} from '../schema/bank.types';
import { toJournalEntry } from './accounting.resolver';
import { fieldSelection } from './selection';
import { journalEntries } from '../domain/accounting/journal';
import { BANK_STATEMENTS, BANK_STATEMENT } from '../domain/bank/bank.declaration';
import { shapeOutput, sourceOf } from '../domain/declare/shape';
import { operationResolver } from './operation.resolver';

const READ = 'accounting:read';
const WRITE = 'accounting:write';

const cents = (value: number | null) => (value === null ? null : fromCents(value));

type Statement = Record<string, unknown>;

/** Stored statement → its GraphQL shape (the field resolvers read the document with `sourceOf`). */
const toStatement = (doc: BankStatementDocument): Statement => shapeOutput(BANK_STATEMENT, doc);

export function toStatementLine(doc: BankStatementLineDocument): BankStatementLine {
  return Object.assign(new BankStatementLine(), {
    id: doc._id.toHexString(),
    statementId: doc.statement_id.toHexString(),
    line: doc.line,
    date: doc.date,
    description: doc.description,
    reference: doc.reference,
    amount: fromCents(doc.amount_cents),
    balance: cents(doc.balance_cents),
    status: doc.status,
    matchKind: doc.match_kind ?? null,
    doc,
  });
}

const toMatch = (doc: BankMatchDocument): BankMatch =>
  Object.assign(new BankMatch(), {
    kind: doc.kind,
    amount: fromCents(doc.amount_cents),
    journalEntryId: doc.entry_id.toHexString(),
    lineIndex: doc.line_index,
    explanation: doc.explanation,
  });

const docOf = <T>(value: object) => (value as { doc: T }).doc;

/** A mapping's header names: at most 100 characters each. */
function mappingOf(columns: BankColumnMappingInput | null | undefined): Record<string, string> | undefined {
  if (!columns) return undefined;
  const mapping: Record<string, string> = {};
  for (const [name, value] of Object.entries(columns)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' || value.length > 100)
      throw new ValidationError(`${name} column: at most 100 characters`, [{ path: `columns.${name}`, message: 'at most 100 characters' }]);
    mapping[name] = value;
  }
  return mapping;
}

function pageArgs(page: number | null | undefined, limit: number | null | undefined): [number, number] {
  return [page ?? 1, limit ?? 100];
}

/** The statements, a page at a time. */
export const BankStatementsResolver = operationResolver(BANK_STATEMENTS, (context, { ledgerAccountCode, page, limit }) =>
  listStatements(context, ledgerAccountCode ?? undefined, ...pageArgs(page, limit)),
);

@Resolver(() => BankStatement)
export class BankStatementResolver {
  @Authorized(READ)
  @Query(() => BankStatement)
  async bankStatement(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<Statement> {
    return toStatement(await getStatement(context, id));
  }

  @FieldResolver(() => BankReconciliation)
  async reconciliation(@Parent() statement: Statement, @Ctx() context: RequestContext): Promise<BankReconciliation> {
    const r = await reconciliation(context, sourceOf<BankStatementDocument>(statement));
    return {
      statementClosingBalance: cents(r.statementClosingCents),
      ledgerBalance: fromCents(r.ledgerBalanceCents),
      matchedLines: r.matchedLines,
      openLines: r.openLines,
      matchedAmount: fromCents(r.matchedCents),
      openStatementAmount: fromCents(r.openStatementCents),
      openLedgerLines: r.openLedgerLines,
      openLedgerAmount: fromCents(r.openLedgerCents),
      reconciledBalance: fromCents(r.reconciledBalanceCents),
      difference: cents(r.differenceCents),
    };
  }

  @FieldResolver(() => BankStatementLinePage, { description: 'The movements in file order, or only the open or matched ones by date.' })
  async lines(
    @Parent() statement: Statement,
    @Ctx() context: RequestContext,
    @Arg('status', () => String, { nullable: true, description: 'open or matched.' }) status?: string,
    @Arg('page', () => Int, { nullable: true }) page?: number,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 500 (default 100).' }) limit?: number,
  ): Promise<BankStatementLinePage> {
    if (status !== undefined && status !== null && status !== 'open' && status !== 'matched')
      throw new ValidationError('status must be open or matched', [{ path: 'status', message: 'must be open or matched' }]);
    const result = await statementLines(context, sourceOf<BankStatementDocument>(statement), status ?? undefined, ...pageArgs(page, limit));
    return { items: result.items.map(toStatementLine), total: result.total };
  }

  @Authorized(WRITE)
  @Mutation(() => BankStatement, {
    description:
      'Imports a bank statement (a GraphQL multipart request with Apollo-Require-Preflight; CSV of Galicia, Nación, Mercado Pago or any CSV with mapped columns, or OFX; at most 5 MB) into the bank whose ledger account is given. Movements already stored for that bank count as duplicates.',
  })
  async importBankStatement(
    @Arg('file', () => GraphQLUpload) file: Promise<FileUpload>,
    @Arg('ledgerAccountCode', () => String) ledgerAccountCode: string,
    @Ctx() context: RequestContext,
    @Arg('columns', () => BankColumnMappingInput, { nullable: true }) columns?: BankColumnMappingInput,
  ): Promise<Statement> {
    if (ledgerAccountCode.length > 20)
      throw new ValidationError('ledgerAccountCode: at most 20 characters', [{ path: 'ledgerAccountCode', message: 'at most 20 characters' }]);
    const upload = await file;
    return toStatement(await importStatement(context, upload, ledgerAccountCode, mappingOf(columns)));
  }

  @Authorized(WRITE)
  @Mutation(() => BankAutoMatchResult, {
    description: `Matches the statement's open movements to posted lines of its bank account: same amount, within the window (default ${DEFAULT_WINDOW_DAYS} days), one to one; each match and each line left open is explained.`,
  })
  async autoMatchBankStatement(
    @Arg('id', () => ID) id: string,
    @Ctx() context: RequestContext,
    @Arg('dateWindowDays', () => Int, { nullable: true }) dateWindowDays?: number,
  ): Promise<BankAutoMatchResult> {
    const result = await autoMatch(context, id, dateWindowDays ?? DEFAULT_WINDOW_DAYS);
    return {
      statement: toStatement(result.statement),
      matched: result.matched,
      open: result.open,
      left: result.left.map(({ lineId, explanation }) => ({ lineId: lineId.toHexString(), explanation })),
    };
  }

  @Authorized(WRITE)
  @Mutation(() => BankStatementLine, { description: 'Matches a movement to posted journal lines of its bank account whose amounts add up to it.' })
  async matchBankStatementLine(
    @Arg('lineId', () => ID) lineId: string,
    @Arg('journalLines', () => [JournalLineRefInput]) journalLines: JournalLineRefInput[],
    @Ctx() context: RequestContext,
  ): Promise<BankStatementLine> {
    return toStatementLine(await manualMatch(context, lineId, journalLines));
  }

  @Authorized(WRITE)
  @Mutation(() => BankStatementLine, { description: 'Undoes a movement’s match.' })
  async unmatchBankStatementLine(@Arg('lineId', () => ID) lineId: string, @Ctx() context: RequestContext): Promise<BankStatementLine> {
    return toStatementLine(await unmatch(context, lineId));
  }
}

@Resolver(() => BankStatementLine)
export class BankStatementLineResolver {
  @FieldResolver(() => String, { nullable: true, description: 'Why it was matched as it was (batched per request).' })
  async matchExplanation(@Parent() line: BankStatementLine, @Ctx() context: RequestContext): Promise<string | null> {
    return (await matchesOf(context, docOf<BankStatementLineDocument>(line)._id))[0]?.explanation ?? null;
  }

  @FieldResolver(() => [BankMatch], { description: 'The journal lines it is matched to (batched per request).' })
  async matches(@Parent() line: BankStatementLine, @Ctx() context: RequestContext): Promise<BankMatch[]> {
    return (await matchesOf(context, docOf<BankStatementLineDocument>(line)._id)).map(toMatch);
  }
}

@Resolver(() => BankMatch)
export class BankMatchResolver {
  @FieldResolver(() => JournalEntry, { nullable: true, description: 'The journal entry (batched per request).' })
  async journalEntry(@Parent() match: BankMatch, @Ctx() context: RequestContext, @Info() info: GraphQLResolveInfo): Promise<JournalEntry | null> {
    const entry = await journalEntries.load(context, match.journalEntryId, fieldSelection(info));
    return entry ? toJournalEntry(entry) : null;
  }

  @FieldResolver(() => JournalLine, { nullable: true, description: 'The matched line of the entry, with its account.' })
  async journalLine(@Parent() match: BankMatch, @Ctx() context: RequestContext): Promise<JournalLine | null> {
    const entry = await context.loaders().byId<JournalEntryDocument>('journal_entries').load(match.journalEntryId);
    return entry ? ((toJournalEntry(entry).lines as JournalLine[])[match.lineIndex] ?? null) : null;
  }
}
