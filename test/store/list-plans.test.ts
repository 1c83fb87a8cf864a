import { ObjectId } from 'mongodb';
import { filterFields, isInstant, sortFields, storedName, windowFields, type FieldSpec } from '../../src/domain/declare/field';
import { DECLARATIONS } from '../../src/domain/declarations';
import { planStore } from '../support/plans';

/**
 * Every equality filter and every order a declared resource's list offers is served by an index: the winning plan
 * scans an index (IXSCAN), never the collection, and an order needs no in-memory SORT. Asked of the server with
 * explain, as on MongoDB.
 */
const { winningStages } = planStore('list-plans');

/** A value of the field's stored type to filter on. */
function sample(spec: FieldSpec): unknown {
  if (spec.kind === 'ref' || spec.kind === 'refs') return new ObjectId();
  if (spec.kind === 'boolean') return true;
  if (spec.kind === 'enum') return spec.values[0];
  if (spec.kind === 'int') return spec.min;
  return 'x';
}

const account = new ObjectId();

describe.each(DECLARATIONS.map((declaration) => [declaration.collection, declaration] as const))('%s', (collection, declaration) => {
  const filters = filterFields(declaration).map(({ filter, stored, spec }) => [filter, stored, spec] as const);
  if (filters.length)
    it.each(filters)('filter %s uses an index', async (_filter, name, spec) => {
      const plan = await winningStages(collection, { account_id: account, [name]: sample(spec) });
      expect({ name, plan }).toEqual({ name, plan: expect.arrayContaining(['IXSCAN']) });
      expect(plan).not.toContain('COLLSCAN');
    });

  it.each(sortFields(declaration))('order by %s uses an index, without an in-memory sort', async (name) => {
    const spec = declaration.fields[name];
    const field = spec ? storedName(name, spec) : name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    for (const direction of [1, -1]) {
      const plan = await winningStages(collection, { account_id: account }, { [field]: direction, _id: direction });
      expect({ name, direction, plan }).toEqual({ name, direction, plan: expect.arrayContaining(['IXSCAN']) });
      expect(plan).not.toContain('COLLSCAN');
      expect(plan).not.toContain('SORT');
    }
  });

  const windows = windowFields(declaration).map(({ name, spec }) => [name, spec] as const);
  if (windows.length)
    it.each(windows)('a window on %s uses an index', async (name, spec) => {
      const [from, to] = isInstant(spec) ? [new Date('2025-01-01'), new Date('2025-02-01')] : ['2025-01-01', '2025-02-01'];
      const plan = await winningStages(collection, { account_id: account, [storedName(name, spec)]: { $gte: from, $lte: to } });
      expect({ name, plan }).toEqual({ name, plan: expect.arrayContaining(['IXSCAN']) });
      expect(plan).not.toContain('COLLSCAN');
    });
});
