/** Milliseconds a call takes, with its result. */
export async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = process.hrtime.bigint();
  const result = await run();
  return { result, ms: Number(process.hrtime.bigint() - start) / 1e6 };
}

/** Median, 95th percentile and minimum of timings in milliseconds, as the benches print them. */
export function percentiles(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return `median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, min ${sorted[0].toFixed(1)} ms`;
}
