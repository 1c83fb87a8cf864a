import type { IndexDescription } from 'mongodb';
import { filterFields, sortFields, storedName, windowFields, type ResourceDeclaration } from './field';

const storedOf = (declaration: ResourceDeclaration, name: string) =>
  declaration.fields[name] ? storedName(name, declaration.fields[name]) : name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The indexes a declared resource's lists need, within the account: one per equality filter (list fields are
 * multikey) followed by the default order's field and `_id`, so that a filtered list in its default order (either
 * direction), and within a window on that field, reads just its page; and one per order, with `_id` as the order's
 * tie-break (date windows are ranges on an ordered field).
 */
export function indexesOf(declaration: ResourceDeclaration): IndexDescription[] {
  const indexes: IndexDescription[] = [];
  const byDefault = storedOf(declaration, declaration.defaultSort.field);
  for (const { stored: field } of filterFields(declaration)) {
    const order = field === byDefault ? {} : { [byDefault]: -1 };
    indexes.push({ key: { account_id: 1, [field]: 1, ...order, _id: -1 }, name: `account_${field}` });
  }
  const ordered = new Set([...sortFields(declaration), ...windowFields(declaration).map(({ name }) => name)]);
  for (const name of ordered) {
    const field = storedOf(declaration, name);
    indexes.push({ key: { account_id: 1, [field]: -1, _id: -1 }, name: `account_${field}_order` });
  }
  return indexes;
}
