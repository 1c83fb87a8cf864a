/**
 * Two request paths timed side by side: the same number of sequential requests of each, in many short alternating
 * rounds (A B, B A, …), so that a noisy neighbour slows both rather than whichever happened to run at the time.
 */
export interface Pair {
  label: string;
  gateway: () => Promise<unknown>;
  baseline: () => Promise<unknown>;
  /** Requests of each side per round. */
  requests: number;
  /** The ratio the gateway should reach (gateway req/s ÷ baseline req/s). */
  target: number;
}

export interface PairResult {
  label: string;
  gatewayPerSecond: number;
  baselinePerSecond: number;
  ratio: number;
  target: number;
}

async function timed(run: () => Promise<unknown>, count: number): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < count; i++) await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export async function sideBySide(pair: Pair, rounds = 20): Promise<PairResult> {
  const warmUp = pair.requests * 2;
  await timed(pair.gateway, warmUp);
  await timed(pair.baseline, warmUp);
  let gatewayMs = 0;
  let baselineMs = 0;
  for (let round = 0; round < rounds; round++) {
    if (round % 2 === 0) {
      gatewayMs += await timed(pair.gateway, pair.requests);
      baselineMs += await timed(pair.baseline, pair.requests);
    } else {
      baselineMs += await timed(pair.baseline, pair.requests);
      gatewayMs += await timed(pair.gateway, pair.requests);
    }
  }
  const total = pair.requests * rounds * 1000;
  const gatewayPerSecond = total / gatewayMs;
  const baselinePerSecond = total / baselineMs;
  return { label: pair.label, gatewayPerSecond, baselinePerSecond, ratio: gatewayPerSecond / baselinePerSecond, target: pair.target };
}

export function printPairs(results: PairResult[]): void {
  console.log('| measure | gateway req/s | baseline req/s | ratio | target | met? |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of results) {
    const met = r.ratio >= r.target ? 'yes' : 'no';
    console.log(`| ${r.label} | ${r.gatewayPerSecond.toFixed(0)} | ${r.baselinePerSecond.toFixed(0)} | ${r.ratio.toFixed(2)} | ≥ ${r.target} | ${met} |`);
  }
}
