import fs from 'node:fs';
import path from 'node:path';
import { DECLARATIONS } from '../domain/declarations';
import {
  type FieldSpec,
  filterFields,
  isList,
  namedFields,
  readOnly,
  type ResourceDeclaration,
  restName,
  snakeCase,
  sortFields,
  windowFields,
  writeOnly,
} from '../domain/declare/field';

/**
 * The reference page of each declared resource, written from its declaration (`npm run docs` writes them to
 * `docs/resources/`, and a test fails when a committed page differs), so the field tables cannot drift from the
 * code that validates, stores and answers the fields.
 */
export function fieldTablePages(declarations: readonly ResourceDeclaration[] = DECLARATIONS): Map<string, string> {
  return new Map(declarations.map((declaration) => [`${declaration.many.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.md`, page(declaration)]));
}

function page(declaration: ResourceDeclaration): string {
  const { type, one, many, description, scopes, rest } = declaration;
  const lines = [
    `# ${type}`,
    '',
    '<!-- Written by `npm run docs` from the declaration; edit the declaration, not this page. -->',
    '',
    description,
    '',
    `- GraphQL: \`${one}(id)\`, \`${many}(filter, orderBy, first, offset, after)\`${operationsOf(declaration)}`,
    rest ? `- REST: \`/api/v1${rest.base}\`, \`/api/v1${rest.base}/{${rest.idName}}\`; identifier field \`${rest.idName}\`` : '- REST: none (GraphQL only)',
    `- Scopes: reading \`${scopes.read}\`, writing \`${scopes.write}\``,
    '',
    '## Fields',
    '',
    '| REST field | GraphQL field | Type | Required | Rules | Description |',
    '|---|---|---|---|---|---|',
    ...fieldRows(declaration.fields, '', ''),
    '',
    '## Lists',
    '',
    ...listRows(declaration),
    '',
  ];
  return lines.join('\n');
}

function operationsOf(declaration: ResourceDeclaration): string {
  const has = (operation: 'create' | 'update' | 'bulk' | 'remove') => declaration.operations?.[operation] !== false;
  const [One, Many] = [declaration.one, declaration.many].map((name) => name[0].toUpperCase() + name.slice(1));
  const names = [
    has('create') && `create${One}`,
    has('create') && has('bulk') && `create${Many}`,
    has('update') && `update${One}`,
    has('update') && has('bulk') && `update${Many}`,
    has('remove') && `delete${One}`,
    has('remove') && has('bulk') && `delete${Many}`,
  ].filter(Boolean);
  return names.length ? `; mutations ${names.map((name) => `\`${name}\``).join(', ')}` : '';
}

function fieldRows(fields: Record<string, FieldSpec>, restPrefix: string, graphqlPrefix: string): string[] {
  return namedFields(fields).flatMap(({ name, spec, rest }) => {
    const row = `| \`${restPrefix}${rest}\` | \`${graphqlPrefix}${name}\` | ${typeOf(spec)} | ${spec.common?.required ? 'yes' : ''} | ${rulesOf(spec).join('; ')} | ${cell(spec.common?.description ?? '')} |`;
    const nested =
      spec.kind === 'object' || spec.kind === 'lines'
        ? fieldRows(spec.fields, `${restPrefix}${rest}${spec.kind === 'lines' ? '[]' : ''}.`, `${graphqlPrefix}${name}${spec.kind === 'lines' ? '[]' : ''}.`)
        : [];
    return [row, ...nested];
  });
}

const TYPES: Record<FieldSpec['kind'], string> = {
  text: 'text',
  email: 'email',
  int: 'integer',
  enum: 'one of',
  texts: 'list of texts',
  refs: 'list of ids',
  object: 'object',
  address: 'address (text or object)',
  money: 'money (pesos, 2 decimals)',
  ref: 'id',
  stock: 'quantity (3 decimals)',
  rate: 'rate',
  date: 'day (`YYYY-MM-DD`)',
  boolean: 'boolean',
  url: 'URL',
  lines: 'list of lines',
  instant: 'date-time',
  dateTime: 'date-time',
  quantity: 'quantity (3 decimals)',
  decimal: 'decimal',
  percent: 'percent (0–100, 2 decimals)',
  json: 'JSON object',
};

function typeOf(spec: FieldSpec): string {
  if (spec.kind === 'enum') return `\`${spec.typeName}\``;
  if (spec.kind === 'object' || spec.kind === 'lines') return `${TYPES[spec.kind]} \`${spec.typeName}\``;
  return TYPES[spec.kind];
}

function rulesOf(spec: FieldSpec): string[] {
  const rules: string[] = [];
  switch (spec.kind) {
    case 'text':
      rules.push(spec.min ? `${spec.min}–${spec.max} characters` : `at most ${spec.max} characters`);
      if (spec.digits) rules.push('digits only');
      break;
    case 'int':
      rules.push(`${spec.min}–${spec.max}`);
      break;
    case 'enum':
      rules.push(spec.values.map((value) => `\`${value}\``).join(', '));
      if (spec.common?.createValues) rules.push(`created as ${spec.common.createValues.map((value) => `\`${value}\``).join(', ')}`);
      break;
    case 'texts':
      rules.push(`at most ${spec.max}, each at most ${spec.itemMax} characters`);
      break;
    case 'refs':
      rules.push(`at most ${spec.max} ${spec.label} ids of the account`);
      break;
    case 'ref':
      rules.push(`a ${spec.label} of the account`);
      break;
    case 'money':
      rules.push(`${spec.exclusiveMin ? '>' : '≥'} ${spec.min}${spec.max === undefined ? '' : `, ≤ ${spec.max}`}; stored as centavos`);
      break;
    case 'rate':
      rules.push(spec.values.join(', '));
      break;
    case 'url':
      rules.push(`http(s), at most ${spec.max} characters`);
      break;
    case 'lines':
      rules.push(`${spec.min ?? 0}–${spec.max} lines`);
      break;
    case 'json':
      rules.push(`at most ${spec.maxChars} characters as JSON; no key starts with \`$\` or holds \`.\``);
      break;
    case 'stock':
      rules.push('given on create as the opening stock; then moved only by movements');
      break;
    case 'date':
      if (spec.today) rules.push('today (Argentina) when left out');
      break;
  }
  const common = spec.common;
  if (common?.default !== undefined) rules.push(`default \`${JSON.stringify(common.default)}\``);
  if (readOnly(spec)) rules.push('read-only');
  if (writeOnly(spec)) rules.push('write-only (never read back)');
  return rules.map(cell);
}

function listRows(declaration: ResourceDeclaration): string[] {
  const restOf = (field: string) => (declaration.fields[field] ? restName(field, declaration.fields[field]) : snakeCase(field));
  const { field, direction } = declaration.defaultSort;
  const restOrder = sortFields(declaration).map((name) => `\`${restOf(name)}\``);
  const graphqlOrder = sortFields(declaration).map((name) => `\`${name}\``);
  const rows = [
    `- Order: REST \`sort_by\` ${restOrder.join(', ')} with \`sort_order\`; GraphQL \`orderBy.field\` ${graphqlOrder.join(', ')}; by default \`${restOf(field)}\` ${direction === 'desc' ? 'descending' : 'ascending'}`,
  ];
  for (const { filter, name, spec } of filterFields(declaration))
    rows.push(`- Filter \`${snakeCase(filter)}\` (GraphQL \`filter.${filter}\`): ${isList(spec) ? 'holds' : 'equal to'} \`${name}\``);
  for (const { from, to, name } of windowFields(declaration))
    rows.push(
      `- Filters \`${snakeCase(from)}\`, \`${snakeCase(to)}\` (GraphQL \`filter.${from}\`, \`filter.${to}\`): \`${name}\` within the days, both included`,
    );
  if (declaration.search) rows.push(`- Filter \`search\`: ${cell(declaration.search.description)}`);
  return rows;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const RESOURCE_DOCS = path.join(__dirname, '..', '..', 'docs', 'resources');

if (require.main === module) {
  fs.mkdirSync(RESOURCE_DOCS, { recursive: true });
  for (const [name, content] of fieldTablePages()) fs.writeFileSync(path.join(RESOURCE_DOCS, name), content);
  process.stdout.write(`wrote ${fieldTablePages().size} pages to ${RESOURCE_DOCS}\n`);
}
