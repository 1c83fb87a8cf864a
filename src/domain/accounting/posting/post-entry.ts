import type { ClientSession, ObjectId } from 'mongodb';
import type { JournalEntryDocument, JournalLineDocument } from '../../../store/ledger';
import type { RequestContext } from '../../context';
import { ConflictError } from '../../errors';
import { accountsByCode, entriesOf } from '../accounts';
import { postInSession } from '../journal';

export interface EntryDraft {
  _id: ObjectId;
  date: string;
  description: string;
  lines: JournalLineDocument[];
  reference_type: string;
  reference_id: string;
}

/**
 * Records and posts an entry the application built, inside the caller's transaction and by the journal's own posting
 * rules (open year, active detail accounts, balanced lines, daily totals, the year's next number), so the entry and
 * the record it comes from commit or fail together.
 */
export async function postBuiltEntry(context: RequestContext, draft: EntryDraft, session: ClientSession): Promise<JournalEntryDocument> {
  if (draft.lines.length < 2)
    throw new ConflictError(
      'there is nothing to post: every amount of the document is zero',
      [{ path: 'lines', message: 'no amounts' }],
      'DOCUMENT_INCONSISTENT',
    );
  const accounts = await accountsByCode(
    context,
    draft.lines.map((line) => line.account_code),
    session,
  );
  // A missing account keeps no name here: posting refuses it just below (409 ACCOUNT_NOT_POSTABLE).
  const lines = draft.lines.map((line, index) => (accounts[index] ? { ...line, account_name: accounts[index].name } : line));
  const entries = entriesOf(context);
  const now = context.now();
  const inserted = await entries.insert(
    {
      ...draft,
      description: draft.description.slice(0, 500),
      lines,
      status: 'posted',
      number: null,
      total_debit_cents: lines.reduce((sum, line) => sum + (line.debit_cents ?? 0), 0),
      total_credit_cents: lines.reduce((sum, line) => sum + (line.credit_cents ?? 0), 0),
    } as never,
    now,
    session,
  );
  const posted = await postInSession(context, inserted, session);
  return (await entries.update(draft._id.toHexString(), posted, [], now, session))!;
}
