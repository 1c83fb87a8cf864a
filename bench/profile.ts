/**
 * Where a gateway request's CPU time goes: `npm run bench:profile [rest-list|graphql-list|notes|raw-list|lookup-notes] [requests]`.
 * Seeds the bench account, sends the chosen request repeatedly under V8's sampling profiler, writes the profile
 * (open it in Chrome DevTools) and prints the functions and packages with the most self time. The HTTP client
 * runs in the same process: its share shows as node's own code.
 */
import './production';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { runBench, withSeededGateway } from './harness';
import { NOTES, SUPPLIER_FIELDS } from './seed';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `node_modules/<package>` of a script, `src/…` or `bench/…` for ours, `node` for the runtime. */
function owner(url: string): string {
  const module = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (module) return module[1];
  const ours = /\/(src\/[^/]+|bench)\//.exec(url);
  if (ours) return ours[1];
  return url.startsWith('node:') || url === '' ? 'node' : url;
}

function summarise(profile: Profile, top: number): void {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByFunction = new Map<string, number>();
  const selfByOwner = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { callFrame } = byNode.get(id)!;
    const micros = profile.timeDeltas[i] ?? 0;
    total += micros;
    const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url.replace(/^.*node_modules\//, '')}:${callFrame.lineNumber + 1}`;
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + micros);
    const who = callFrame.url ? owner(callFrame.url) : callFrame.functionName;
    selfByOwner.set(who, (selfByOwner.get(who) ?? 0) + micros);
  });
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      console.log(`${((100 * micros) / total).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  print('self time by package', selfByOwner);
  print('self time by function', selfByFunction);
}

const which = process.argv[2] ?? 'notes';
const requests = Number(process.argv[3] ?? 300);

runBench('profile', () =>
  withSeededGateway('profile', async ({ gateway, baselines, send }) => {
    const runs: Record<string, () => Promise<unknown>> = {
      'rest-list': () => send(gateway.url, 'GET', '/api/v1/suppliers/list/?limit=20'),
      'graphql-list': () => send(gateway.url, 'POST', '/graphql', { query: `{ suppliers(first: 20) { totalCount nodes { ${SUPPLIER_FIELDS} } } }` }),
      notes: () => send(gateway.url, 'POST', '/graphql', { query: NOTES(100) }),
      'raw-list': () => send(baselines.url, 'GET', '/suppliers'),
      'lookup-notes': () => send(baselines.url, 'GET', '/delivery-notes?first=100'),
    };
    const run = runs[which];
    if (!run) throw new Error(`unknown request ${which}; one of ${Object.keys(runs).join(', ')}`);
    for (let i = 0; i < requests / 5; i++) await run();
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    for (let i = 0; i < requests; i++) await run();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    session.disconnect();
    const idle = new Set(profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((node) => node.id));
    const file = path.join(os.tmpdir(), `gateway-${which}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    const busy = profile.samples.reduce((sum, id, i) => (idle.has(id) ? sum : sum + (profile.timeDeltas[i] ?? 0)), 0);
    console.log(`profile of ${requests} requests (${which}) written to ${file}: ${(busy / 1000 / requests).toFixed(2)} ms of this process's CPU a request`);
    summarise(profile, 25);
  }),
);
