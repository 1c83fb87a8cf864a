/**
 * How much of a generated matrix a suite walks. `npm test` walks a deterministic sample of each list of cases for each
 * route or operation; `npm run test:deep` runs every suite that imports this module with TEST_DEEP=1, which walks
 * every list whole for each of them. The test code is the same: only what `Rotation.take` hands out differs.
 */
export const DEEP = process.env.TEST_DEEP === '1';

/**
 * Hands out a few items of each list at a time, round-robin over the calls (in a deep run, the whole list every
 * time). Suites call it in the order their tests run, so a run hands out the same items to the same routes every
 * time, and a list is walked whole once the routes taking from it have taken its length: every kind of case is sent
 * somewhere, which `unsent` lets the suite assert.
 */
export class Rotation {
  /** `whole`: hand out every list whole (a deep run's default). */
  constructor(private readonly whole = DEEP) {}

  private readonly cursors = new Map<string, number>();
  private readonly taken = new Map<string, Set<number>>();

  take<T>(list: string, items: readonly T[], count: number): T[] {
    const start = this.cursors.get(list) ?? 0;
    const indexes = this.whole || count >= items.length ? items.map((_, i) => i) : Array.from({ length: count }, (_, i) => (start + i) % items.length);
    this.cursors.set(list, (start + indexes.length) % items.length);
    const taken = this.taken.get(list) ?? new Set<number>();
    for (const index of indexes) taken.add(index);
    this.taken.set(list, taken);
    return indexes.map((index) => items[index]);
  }

  /** The items of `items` the list never handed out, as `list: item`. */
  unsent(list: string, items: readonly unknown[], name: (item: unknown) => string = String): string[] {
    const taken = this.taken.get(list) ?? new Set<number>();
    return items.flatMap((item, index) => (taken.has(index) ? [] : [`${list}: ${name(item)}`]));
  }
}
