import { ObjectId } from 'mongodb';
import { requirePrincipal } from '../../src/domain/context';
import { ConflictError, NotFoundError, PreconditionFailedError, PreconditionRequiredError, ValidationError } from '../../src/domain/errors';
import { conditionalWrite, entityTag, noneMatch, parseEntityTags, revisionOf } from '../../src/domain/preconditions';
import { suppliers } from '../../src/domain/suppliers/suppliers.service';
import { conditionRestarts, onCondition, type RevisionCondition } from '../../src/store/revisions';
import type { Store } from '../../src/store/store';
import { suiteDatabase } from '../support/database';
import { catalogIndexes } from '../support/indexes';
import { domainContext } from '../support/domain-context';

/** Conditional writes of records (RFC 9110 §13): entity tags from revisions, If-Match checked in the write's filter. */

const opened = suiteDatabase('preconditions', (store) => catalogIndexes(store, ['suppliers']));
let store: Store;
beforeAll(() => {
  store = opened();
});

const TARGET = { collection: 'suppliers', label: 'supplier' };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'written',
    (error: { constructor: { name: string }; code: string; message: string }) => `${error.constructor.name} ${error.code}`,
  );

describe('entity tags', () => {
  it('are the revision in quotes; a record without a revision is revision 0', () => {
    expect(entityTag(0)).toBe('"0"');
    expect(entityTag(12)).toBe('"12"');
    expect(revisionOf({})).toBe(0);
    expect(revisionOf({ revision: 4 })).toBe(4);
  });

  it('parse as *, or a list of strong and weak tags with empty elements allowed', () => {
    expect(parseEntityTags('*', 'If-Match')).toBe('*');
    expect(parseEntityTags('  *  ', 'If-Match')).toBe('*');
    expect(parseEntityTags('"1"', 'If-Match')).toEqual([{ weak: false, opaque: '1' }]);
    expect(parseEntityTags(' "1" ,, W/"2", "" ,', 'If-None-Match')).toEqual([
      { weak: false, opaque: '1' },
      { weak: true, opaque: '2' },
      { weak: false, opaque: '' },
    ]);
    expect(parseEntityTags('"a!#~"', 'If-Match')).toEqual([{ weak: false, opaque: 'a!#~' }]);
  });

  it.each([[''], [' '], [','], ['1'], ['"1'], ['1"'], ['w/"1"'], ['W/1'], ['"a"b"'], ['"a b"'], ['"1" "2"'], ['*, "1"'], ['"1", *']])(
    'refuse %j with PRECONDITION_INVALID naming the header',
    (value) => {
      let caught: unknown;
      try {
        parseEntityTags(value, 'If-None-Match');
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ValidationError);
      expect((caught as ValidationError).code).toBe('PRECONDITION_INVALID');
      expect((caught as ValidationError).details).toEqual([{ path: 'If-None-Match', message: 'malformed' }]);
      expect((caught as ValidationError).message).toMatch(/^If-None-Match /);
    },
  );

  it('match an If-None-Match weakly: the same tag, weak or strong, in a list, or *', () => {
    expect(noneMatch('"3"', '"3"')).toBe(false);
    expect(noneMatch('W/"3"', '"3"')).toBe(false);
    expect(noneMatch('"1", "3"', '"3"')).toBe(false);
    expect(noneMatch('*', '"3"')).toBe(false);
    expect(noneMatch('"4"', '"3"')).toBe(true);
    expect(noneMatch('"03"', '"3"')).toBe(true);
    // A weak current tag (an answer's own, of a composed record) compares the same way.
    expect(noneMatch('W/"ab"', 'W/"ab"')).toBe(false);
    expect(noneMatch('"ab"', 'W/"ab"')).toBe(false);
    expect(noneMatch('W/"ac"', 'W/"ab"')).toBe(true);
    expect(() => noneMatch('3', '"3"')).toThrow(/^If-None-Match must be/);
  });
});

describe('conditionalWrite', () => {
  const context = (requireIfMatch = false) => {
    const made = domainContext(store);
    return { ...made, platform: { ...made.platform, requireIfMatch } } as typeof made;
  };
  const newSupplier = async (ctx: ReturnType<typeof context>) => (await suppliers.create(ctx, { name: 'Papelera SA' }))._id.toHexString();
  const read = (id: string) => store.collection('suppliers').findOne({ _id: new ObjectId(id) });
  const update = (ctx: ReturnType<typeof context>, id: string, ifMatch: string | undefined, name: string) =>
    conditionalWrite(ctx, TARGET, id, ifMatch, () => suppliers.update(ctx, id, { name }));

  it('runs a write without a tag as it always ran, unless the platform requires one (428, nothing written)', async () => {
    const ctx = context();
    const id = await newSupplier(ctx);
    expect(await refusal(update(ctx, id, undefined, 'Libre SA'))).toBe('written');
    expect(await refusal(conditionalWrite(ctx, TARGET, id, null, () => suppliers.update(ctx, id, { name: 'Nulo SA' })))).toBe('written');
    const strict = { ...ctx, platform: { requireIfMatch: true } };
    let ran = false;
    const refused = conditionalWrite(strict, TARGET, id, undefined, async () => {
      ran = true;
    });
    await expect(refused).rejects.toBeInstanceOf(PreconditionRequiredError);
    await expect(refused).rejects.toThrow('a write of a supplier needs If-Match');
    expect(ran).toBe(false);
    expect((await read(id))?.name).toBe('Nulo SA');
  });

  it('writes with a current tag, counting the revision, and refuses a stale one with 412 naming the record', async () => {
    const ctx = context();
    const id = await newSupplier(ctx);
    const written = await update(ctx, id, '"0"', 'Primera SA');
    expect(written).toMatchObject({ name: 'Primera SA', revision: 1 });
    const stale = update(ctx, id, '"0"', 'Perdida SA');
    await expect(stale).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(stale).rejects.toThrow(`the supplier ${id} changed since it was read`);
    expect(await read(id)).toMatchObject({ name: 'Primera SA', revision: 1 });
    expect(await update(ctx, id, 'W/"0", "1"', 'Segunda SA')).toMatchObject({ revision: 2 });
    expect(await refusal(update(ctx, id, 'W/"2"', 'Débil SA'))).toBe('PreconditionFailedError PRECONDITION_FAILED');
    expect(await refusal(update(ctx, id, '"02"', 'Cero SA'))).toBe('PreconditionFailedError PRECONDITION_FAILED');
    expect(await refusal(update(ctx, id, '"abc"', 'Letras SA'))).toBe('PreconditionFailedError PRECONDITION_FAILED');
  });

  it('refuses a malformed If-Match naming the header, before writing', async () => {
    const ctx = context();
    const id = await newSupplier(ctx);
    const malformed = update(ctx, id, '1', 'Mal SA');
    await expect(malformed).rejects.toMatchObject({ code: 'PRECONDITION_INVALID', details: [{ path: 'If-Match', message: 'malformed' }] });
    expect((await read(id))?.name).toBe('Papelera SA');
  });

  it('takes a record without a stored revision as revision 0', async () => {
    const ctx = context();
    const id = await newSupplier(ctx);
    expect(await read(id)).not.toHaveProperty('revision');
    expect(await update(ctx, id, '"0"', 'Antigua SA')).toMatchObject({ revision: 1 });
  });

  it('reads a tag of several digits as that revision', async () => {
    const ctx = context();
    const id = await newSupplier(ctx);
    await store.db.collection('suppliers').updateOne({ _id: new ObjectId(id) }, { $set: { revision: 12 } });
    expect(await refusal(update(ctx, id, '"1"', 'Vieja SA'))).toBe('PreconditionFailedError PRECONDITION_FAILED');
    expect(await update(ctx, id, '"12"', 'Docena SA')).toMatchObject({ name: 'Docena SA', revision: 13 });
    expect(await update(ctx, id, '"130", "13"', 'Trece SA')).toMatchObject({ revision: 14 });
  });

  it('answers a record that is not there as the write does, and 412 for *', async () => {
    const ctx = context();
    const missing = new ObjectId().toHexString();
    expect(await refusal(update(ctx, missing, '"0"', 'Nadie SA'))).toBe('NotFoundError NOT_FOUND');
    expect(await refusal(update(ctx, 'not-an-id', '"0"', 'Nadie SA'))).toBe('NotFoundError NOT_FOUND');
    expect(await refusal(update(ctx, missing, '*', 'Nadie SA'))).toBe('PreconditionFailedError PRECONDITION_FAILED');
    const id = await newSupplier(ctx);
    expect(await update(ctx, id, '*', 'Cualquiera SA')).toMatchObject({ revision: 1 });
    const conflict = conditionalWrite(ctx, TARGET, id, '*', () => Promise.reject(new ConflictError('busy')));
    await expect(conflict).rejects.toBeInstanceOf(ConflictError);
  });

  it('passes on a failure that is not the condition’s', async () => {
    const ctx = context();
    const id = await newSupplier(ctx);
    const failure = conditionalWrite(ctx, TARGET, id, '"0"', () => Promise.reject(new ConflictError('busy')));
    await expect(failure).rejects.toBeInstanceOf(ConflictError);
    // The record was deleted under the condition's write: not found, not 412.
    const gone = conditionalWrite(ctx, TARGET, id, '"0"', async () => {
      await store.db.collection('suppliers').deleteOne({ _id: new ObjectId(id) });
      await suppliers.update(ctx, id, { name: 'Tarde SA' });
    });
    await expect(gone).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a write that missed the record without failing, and checks a write that sent nothing by reading', async () => {
    const ctx = context();
    const id = await newSupplier(ctx);
    await update(ctx, id, undefined, 'Movida SA');
    const collection = store.collection('suppliers');
    const quiet = conditionalWrite(ctx, TARGET, id, '"0"', () => collection.updateOne({ _id: new ObjectId(id) }, { $set: { name: 'Silenciosa SA' } }));
    await expect(quiet).rejects.toBeInstanceOf(PreconditionFailedError);
    expect((await read(id))?.name).toBe('Movida SA');
    expect(await refusal(conditionalWrite(ctx, TARGET, id, '"0"', async () => 'nothing sent'))).toBe('PreconditionFailedError PRECONDITION_FAILED');
    expect(await conditionalWrite(ctx, TARGET, id, '"1"', async () => 'nothing sent')).toBe('nothing sent');
    // A record not found by the read has nothing to refuse.
    expect(await conditionalWrite(ctx, TARGET, new ObjectId().toHexString(), '"1"', async () => 'nothing sent')).toBe('nothing sent');
  });

  it('names a record by its key field when the target says so: the write and the read after it find it by name', async () => {
    const ctx = context();
    const accountId = requirePrincipal(ctx).accountId;
    const NAMED = { collection: 'billing_systems', label: 'billing system', key: 'name' };
    await store.db.collection('billing_systems').insertMany([
      { account_id: accountId, name: 'afip_wsfe', revision: 2 },
      { account_id: new ObjectId(), name: 'afip_wsfe', revision: 0 },
    ]);
    const systems = store.collection('billing_systems');
    const setTo = (points: number[]) => () => systems.updateOne({ account_id: accountId, name: 'afip_wsfe' }, { $set: { points_of_sale: points } });
    await expect(conditionalWrite(ctx, NAMED, 'afip_wsfe', '"0"', setTo([9]))).rejects.toThrow('the billing system afip_wsfe changed since it was read');
    await conditionalWrite(ctx, NAMED, 'afip_wsfe', '"2"', setTo([1]));
    expect(await store.db.collection('billing_systems').findOne({ account_id: accountId })).toMatchObject({ points_of_sale: [1], revision: 3 });
    // A write that sends nothing is checked by a read of the account's own record, by name: another account's is not it.
    expect(await refusal(conditionalWrite(ctx, NAMED, 'afip_wsfe', '"0"', async () => 'nothing sent'))).toBe('PreconditionFailedError PRECONDITION_FAILED');
    expect(await conditionalWrite(ctx, NAMED, 'afip_wsfe', '"3"', async () => 'nothing sent')).toBe('nothing sent');
  });

  it('lets exactly one of concurrent writers holding the same tag write', async () => {
    const ctx = context();
    const id = await newSupplier(ctx);
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => refusal(update(ctx, id, '"0"', `Escritor ${i} SA`))));
    expect(outcomes.filter((outcome) => outcome === 'written')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'PreconditionFailedError PRECONDITION_FAILED')).toHaveLength(9);
    expect(await read(id)).toMatchObject({ revision: 1 });
  });
});

describe('revisions in the store', () => {
  const collection = () => store.collection('suppliers');
  const insert = async () => {
    const _id = new ObjectId();
    await store.db.collection('suppliers').insertOne({ _id, account_id: new ObjectId(), name: 'X' });
    return _id;
  };
  const revision = async (_id: ObjectId) => (await store.db.collection('suppliers').findOne({ _id }))?.revision;

  it('counts every update form: one, many, find-and-update, bulk, pipeline; a replacement is left as written', async () => {
    const a = await insert();
    const b = await insert();
    await collection().updateOne({ _id: a }, { $set: { name: 'A' } });
    await collection().updateMany({ _id: { $in: [a, b] } }, { $set: { name: 'AB' }, $inc: { hits: 2 } });
    await collection().findOneAndUpdate({ _id: a }, { $set: { name: 'A2' } });
    await collection().bulkWrite([
      { updateOne: { filter: { _id: a }, update: { $set: { name: 'A3' } } } },
      { updateMany: { filter: { _id: b }, update: { $set: { name: 'B3' } } } },
      { deleteOne: { filter: { _id: new ObjectId() } } },
    ]);
    await collection().updateOne({ _id: b }, [{ $set: { name: 'B4' } }]);
    expect([await revision(a), await revision(b)]).toEqual([4, 3]);
    expect((await store.db.collection('suppliers').findOne({ _id: b }))?.hits).toBe(2);
    await collection().replaceOne({ _id: a }, { account_id: new ObjectId(), name: 'R' });
    expect(await revision(a)).toBeUndefined();
  });

  it('applies a condition to the first single-record write of its record only', async () => {
    const a = await insert();
    const other = await insert();
    const condition: RevisionCondition = { collection: 'suppliers', key: '_id', value: a, revisions: [0], consumed: false, missed: false };
    await onCondition(condition, async () => {
      await collection().updateOne({ _id: other }, { $set: { name: 'other' } });
      await store.collection('customers').updateOne({ _id: a }, { $set: { name: 'elsewhere' } });
      await collection().updateMany({ _id: a }, { $set: { name: 'many' } });
      expect(condition.consumed).toBe(false);
      await collection().updateOne({ _id: a }, { $set: { name: 'first' } });
      expect([condition.consumed, condition.missed]).toEqual([true, true]);
      await collection().updateOne({ _id: a }, { $set: { name: 'second' } });
    });
    expect(await store.db.collection('suppliers').findOne({ _id: a })).toMatchObject({ name: 'second', revision: 2 });
  });

  it('records a miss of each single-record write form', async () => {
    const writes: Array<(_id: ObjectId) => Promise<unknown>> = [
      (_id: ObjectId) => collection().updateOne({ _id }, { $set: { name: 'n' } }),
      (_id: ObjectId) => collection().findOneAndUpdate({ _id }, { $set: { name: 'n' } }),
      (_id: ObjectId) => collection().deleteOne({ _id }),
      (_id: ObjectId) => collection().findOneAndDelete({ _id }),
    ];
    for (const write of writes) {
      const _id = await insert();
      const stale: RevisionCondition = { collection: 'suppliers', key: '_id', value: _id, revisions: [5], consumed: false, missed: false };
      await onCondition(stale, () => write(_id));
      expect(stale.missed).toBe(true);
      expect(await store.db.collection('suppliers').findOne({ _id })).toMatchObject({ name: 'X' });
      const current: RevisionCondition = { collection: 'suppliers', key: '_id', value: _id, revisions: [0], consumed: false, missed: false };
      await onCondition(current, () => write(_id));
      expect([current.consumed, current.missed]).toEqual([true, false]);
    }
  });

  it('names a record kept by name by that name only (a billing system)', async () => {
    const systems = () => store.collection('billing_systems');
    const account_id = new ObjectId();
    await store.db.collection('billing_systems').insertMany([
      { account_id, name: 'afip_wsfe' },
      { account_id, name: 'RECE' },
    ]);
    const condition: RevisionCondition = { collection: 'billing_systems', key: 'name', value: 'RECE', revisions: [3], consumed: false, missed: false };
    await onCondition(condition, async () => {
      await systems().updateOne({ account_id, name: 'afip_wsfe' }, { $set: { environment: 'production' } });
      await systems().updateOne({ account_id, _id: new ObjectId() }, { $set: { environment: 'production' } });
      expect(condition.consumed).toBe(false);
      await systems().updateOne({ account_id, name: 'RECE' }, { $set: { environment: 'production' } });
    });
    expect([condition.consumed, condition.missed]).toEqual([true, true]);
    const stored = await store.db
      .collection('billing_systems')
      .find({ account_id }, { sort: { name: 1 } })
      .toArray();
    expect(stored.map(({ name, environment, revision }) => [name, environment, revision])).toEqual([
      ['RECE', undefined, undefined],
      ['afip_wsfe', 'production', 1],
    ]);
  });

  it('starts the condition again with each attempt of a transaction', async () => {
    conditionRestarts();
    const condition: RevisionCondition = { collection: 'suppliers', key: '_id', value: new ObjectId(), revisions: [0], consumed: true, missed: true };
    await onCondition(condition, async () => conditionRestarts());
    expect([condition.consumed, condition.missed]).toEqual([false, false]);
  });
});
