import fs from 'node:fs';
import path from 'node:path';
import { buildSchema as buildSdl, printSchema, lexicographicSortSchema } from 'graphql';
import { gatewaySchema, printGatewaySchema } from '../../src/resolvers/gateway-schema';

const FILE = path.join(__dirname, '..', '..', 'schema.graphql');

describe('schema.graphql', () => {
  it('is committed at the repository root', () => {
    expect(fs.existsSync(FILE)).toBe(true);
  });

  it('is up to date with the schema the gateway builds (run `npm run schema` when this fails)', async () => {
    const committed = fs.readFileSync(FILE, 'utf8');
    const current = printGatewaySchema(await gatewaySchema());
    expect(committed).toBe(current);
  });

  it('is valid SDL, already sorted, and ends with one newline', () => {
    const committed = fs.readFileSync(FILE, 'utf8');
    const parsed = buildSdl(committed);
    expect(`${printSchema(lexicographicSortSchema(parsed))}\n`).toBe(committed);
    expect(committed.endsWith('}\n')).toBe(true);
  });
});
