import type { CommandStartedEvent } from 'mongodb';
import { type HttpResult, startTestGateway, type TestGateway } from '../support/gateway';

/**
 * The request rate limit with a limit large enough that each gateway takes its points from the store in blocks (a
 * twentieth of the limit: 2 of 40). One gateway lets exactly the limit through, at one store write per block; three
 * gateways over one store never let more than the limit through together, and at most one unused block each less.
 */
const LIMIT = 40;
const BLOCK = 2;

let gateways: TestGateway[];
const writes: string[] = [];

beforeAll(async () => {
  const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT) };
  const first = await startTestGateway(env, undefined, { monitorCommands: true });
  gateways = [first, await startTestGateway(env, undefined, { sameStoreAs: first }), await startTestGateway(env, undefined, { sameStoreAs: first })];
  first.store.client.on('commandStarted', (event: CommandStartedEvent) => {
    if (event.command[event.commandName] === 'throttle_requests') writes.push(event.commandName);
  });
});
afterAll(async () => {
  for (const gw of [...(gateways ?? [])].reverse()) await gw.stop();
});

const list = (gw: TestGateway, key: string) => gw.rest('GET', '/suppliers/list/?limit=1', { key });
const statuses = (answers: HttpResult[]) => answers.map((res) => res.status);

it(`one gateway lets exactly ${LIMIT} requests through, writing the count once per ${BLOCK}`, async () => {
  const [gw] = gateways;
  const key = await gw.key((await gw.account(['suppliers:read'])).accountId, ['suppliers:read']);
  writes.length = 0;
  const answers: HttpResult[] = [];
  for (let i = 0; i < LIMIT + 2; i++) answers.push(await list(gw, key));
  expect(statuses(answers)).toEqual([...Array(LIMIT).fill(200), 429, 429]);
  expect(answers.slice(0, LIMIT).map((res) => Number(res.headers.get('ratelimit-remaining')))).toEqual(Array.from({ length: LIMIT }, (_, i) => LIMIT - 1 - i));
  expect(answers[LIMIT].body.error.code).toBe('RATE_LIMITED');
  // One write per block of two requests; each refused request tries a block and gives back what it cannot keep.
  expect(writes).toEqual(Array(LIMIT / BLOCK + 2 * 2).fill('findAndModify'));
});

it(`three gateways round-robin never let more than ${LIMIT} through, and at most a block each fewer`, async () => {
  const key = await gateways[0].key((await gateways[0].account(['suppliers:read'])).accountId, ['suppliers:read']);
  const answers: HttpResult[] = [];
  for (let i = 0; i < LIMIT + 9; i++) answers.push(await list(gateways[i % gateways.length], key));
  const passed = statuses(answers).filter((status) => status === 200).length;
  expect(passed).toBeLessThanOrEqual(LIMIT);
  expect(passed).toBeGreaterThanOrEqual(LIMIT - gateways.length * (BLOCK - 1));
  // A gateway may still serve a point of its block after another was refused; once every block is spent, none does.
  expect(statuses(answers).slice(-gateways.length)).toEqual(Array(gateways.length).fill(429));
  // At once, from all three: still nothing past the limit.
  const burstKey = await gateways[0].key((await gateways[0].account(['suppliers:read'])).accountId, ['suppliers:read']);
  const burst = await Promise.all(Array.from({ length: LIMIT + 20 }, (_, i) => list(gateways[i % gateways.length], burstKey)));
  const burstPassed = statuses(burst).filter((status) => status === 200).length;
  expect(burstPassed).toBeLessThanOrEqual(LIMIT);
  expect(burstPassed).toBeGreaterThanOrEqual(LIMIT - gateways.length * (BLOCK - 1));
});
