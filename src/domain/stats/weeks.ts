const DAY_MS = 86_400_000;

/**
 * The days (YYYY-MM-DD), sorted and without repeats, in runs spanning at most seven days: a recount of many days
 * then holds at most a week's documents in one transaction.
 */
export function weeksOf(list: Iterable<string | undefined>): string[][] {
  const runs: string[][] = [];
  for (const day of [...new Set([...list].filter((day): day is string => Boolean(day)))].sort()) {
    const run = runs[runs.length - 1];
    if (run && Date.parse(day) - Date.parse(run[0]) < 7 * DAY_MS) run.push(day);
    else runs.push([day]);
  }
  return runs;
}
