import net from 'node:net';
import { getNamedType, type GraphQLSchema, isNonNullType, isScalarType } from 'graphql';
import { SCOPES } from '../../src/domain/auth/scopes';
import { gatewaySchema } from '../../src/resolvers/gateway-schema';
import { ROUTES } from '../../src/rest-compat/routes';
import { startTestGateway, type TestGateway } from '../support/gateway';

/**
 * Broken multipart framing on every upload route (REST routes with an upload in the route table, GraphQL mutations
 * taking an `Upload`): a body cut before its closing boundary, one that stops in a part's headers, a wrong boundary,
 * two files, a part without a name, and a client that disconnects mid-file. Each complete request is answered with a
 * client error and a stable code; none ends the process or leaves an unhandled error (the suite's own process serves
 * the gateway: an unhandled error fails the suite), and the gateway keeps answering after each.
 */

const BOUNDARY = 'FramingBoundary7MA4YWxkTrZu0gW';
const CSV = '"Fecha de Emisión";"Tipo de Comprobante"\r\n2025-11-03;1\r\n';

type Sent = { status: number; body: any } | null;

let gw: TestGateway;
let key: string;
let schema: GraphQLSchema;
beforeAll(async () => {
  gw = await startTestGateway();
  key = (await gw.account([...SCOPES])).key;
  // The bank the statement routes import into, so that they read the file rather than refuse the account code.
  const bank = await gw.rest('POST', '/accounting/accounts/', { key, body: { code: '1.1.1', name: 'Banco', account_type: 'asset', is_detail: true } });
  expect(bank.status).toBe(201);
  schema = await gatewaySchema();
});
afterAll(async () => {
  await gw?.stop();
});

/**
 * Sends `body` as one HTTP request over a raw socket (the only way to frame it as a client may), with a correct
 * Content-Length unless `disconnect`, in which case the client announces more than it sends and goes away.
 */
function send(path: string, headers: Record<string, string>, body: string, disconnect = false): Promise<Sent> {
  const url = new URL(gw.url);
  const length = Buffer.byteLength(body) + (disconnect ? 4096 : 0);
  return new Promise((resolve) => {
    let data = '';
    const socket = net.connect(Number(url.port), url.hostname, () => {
      const head = [`POST ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close', `Content-Length: ${length}`];
      for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
      socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
      if (disconnect) setTimeout(() => socket.destroy(), 200);
    });
    socket.on('data', (chunk) => {
      data += chunk;
    });
    const done = () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
      if (!status) return resolve(null);
      const text = rest.join('\r\n\r\n');
      // A chunked answer: the JSON between the first chunk size and the terminating chunk.
      const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
      resolve({ status, body: JSON.parse(json) });
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
}

const part = (name: string | null, value: string, filename?: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data${name === null ? '' : `; name="${name}"`}${filename ? `; filename="${filename}"\r\nContent-Type: text/csv` : ''}\r\n\r\n${value}\r\n`;
const closing = `--${BOUNDARY}--\r\n`;

/** The broken bodies, around the parts that make a well-formed request (`fields`, then the file part `file`). */
const CASES: Array<{ name: string; body: (fields: string, file: (content: string) => string) => string; disconnect?: boolean; complete: boolean }> = [
  { name: 'cut before its closing boundary', body: (fields, file) => fields + file(CSV).slice(0, -2), complete: true },
  { name: 'stopping in the middle of a part header', body: (fields) => `${fields}--${BOUNDARY}\r\nContent-Disposition: form-da`, complete: true },
  { name: 'with another boundary than the one declared', body: (fields, file) => (fields + file(CSV) + closing).replaceAll(BOUNDARY, 'Other'), complete: true },
  { name: 'with two files', body: (fields, file) => fields + file(CSV) + file(CSV) + closing, complete: true },
  { name: 'with a part without a name', body: (fields) => `${fields + part(null, CSV, 'a.csv')}${closing}`, complete: true },
  { name: 'from a client that disconnects mid-file', body: (fields, file) => fields + file(CSV).slice(0, -10), disconnect: true, complete: false },
];

/** Every value a client error may carry: anything but an internal one. */
const expectClientError = (sent: Sent, graphql: boolean) => {
  expect(sent).not.toBeNull();
  if (graphql && sent!.status === 200) {
    expect(sent!.body.errors?.[0]?.extensions?.code).toEqual(expect.any(String));
    expect(sent!.body.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
    return;
  }
  expect(sent!.status).toBeGreaterThanOrEqual(400);
  expect(sent!.status).toBeLessThan(500);
  const code = graphql ? sent!.body.errors?.[0]?.extensions?.code : sent!.body.error?.code;
  expect(code).toEqual(expect.any(String));
};

const stillServing = async () => {
  const res = await gw.rest('GET', '/suppliers/list/?limit=1', { key });
  expect(res.status).toBe(200);
};

describe.each(ROUTES.filter((route) => route.upload).map((route) => [route.path, route] as const))('REST %s', (path, route) => {
  const upload = route.upload!;
  const file = (content: string) => part(upload.field, content, 'upload.csv');
  it.each(CASES)('a body $name', async ({ body, disconnect, complete }) => {
    // Text fields the route reads (e.g. a bank statement's ledger account) come before the file, as a form sends them.
    const fields = part('ledger_account_code', '1.1.1');
    const sent = await send(
      `/api/v1${path}`,
      { 'x-api-key': key, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      body(fields, file),
      disconnect,
    );
    if (complete) expectClientError(sent, false);
    await stillServing();
  });

  it('a body cut before its closing boundary is refused with 400 MALFORMED_MULTIPART', async () => {
    const sent = await send(
      `/api/v1${path}`,
      { 'x-api-key': key, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
      part('ledger_account_code', '1.1.1') + file(CSV).slice(0, -2),
    );
    expect(sent).toMatchObject({ status: 400, body: { success: false, error: { code: 'MALFORMED_MULTIPART' } } });
  });
});

/** The GraphQL mutations taking an Upload, with made-up values for their other required arguments. */
const uploadMutations = () =>
  Object.values(schema.getMutationType()!.getFields()).filter((field) => field.args.some((arg) => getNamedType(arg.type).name === 'Upload'));

describe('GraphQL mutations taking an Upload', () => {
  it('are the three imports (the list this suite covers follows the schema)', () => {
    expect(
      uploadMutations()
        .map((field) => field.name)
        .sort(),
    ).toEqual(['importBankStatement', 'importIssuedVouchers', 'importReceivedInvoices']);
  });

  it.each(CASES)('a body $name, on each of them', async ({ name, body, disconnect, complete }) => {
    for (const field of uploadMutations()) {
      const required = field.args.filter((arg) => isNonNullType(arg.type) && getNamedType(arg.type).name !== 'Upload');
      const declared = required.map((arg) => `$${arg.name}: ${arg.type}`);
      const variables: Record<string, unknown> = { file: null };
      for (const arg of required) variables[arg.name] = isScalarType(getNamedType(arg.type)) ? '1.1.1' : {};
      const query = `mutation M($file: Upload!${declared.map((text) => `, ${text}`).join('')}) { ${field.name}(file: $file${required
        .map((arg) => `, ${arg.name}: $${arg.name}`)
        .join('')}) { __typename } }`;
      const fields = part('operations', JSON.stringify({ query, variables })) + part('map', '{"0":["variables.file"]}');
      const sent = await send(
        '/graphql',
        { 'x-api-key': key, 'Apollo-Require-Preflight': 'true', 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}` },
        body(fields, (content) => part('0', content, 'upload.csv')),
        disconnect,
      );
      if (complete) expectClientError(sent, true);
      // A file that ends before its closing boundary is read by the resolver, which reports the framing.
      if (name === 'cut before its closing boundary') expect(sent!.body.errors[0].extensions.code).toBe('MALFORMED_MULTIPART');
      await stillServing();
    }
  });
});
