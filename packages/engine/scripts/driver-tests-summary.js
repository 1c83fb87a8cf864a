// Reads mocha's JSON report of the driver's tests and the classification of known failures; prints the counts and
// every failure nobody has explained yet (those are engine bugs until shown otherwise).
const fs = require('node:fs');

const [resultsPath, knownPath] = process.argv.slice(2);
const results = JSON.parse(fs.readFileSync(resultsPath, 'utf8'));
const known = fs
  .readFileSync(knownPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => {
    const [category, title, reason] = line.split('\t');
    return { category, title, reason };
  });

const byCategory = { refused: [], harness: [], unexplained: [] };
for (const failure of results.failures) {
  const title = failure.fullTitle;
  // A failing hook is reported under the hook's name, which quotes the test it ran for.
  const entry = known.find((k) => title === k.title || title.includes(`"${k.title}"`) || title.startsWith(`${k.title} `));
  const firstLine = failure.message.split('\n')[0].slice(0, 200);
  (byCategory[entry?.category] ?? byCategory.unexplained).push({ title, firstLine, reason: entry?.reason });
}

console.log(`passing ${results.passes.length}, failing ${results.failures.length}, skipped by the driver's own filters ${results.pending.length}`);
console.log(`  refused on purpose ${byCategory.refused.length}`);
console.log(`  harness needs (fail points, auth, topology…) ${byCategory.harness.length}`);
console.log(`  unexplained ${byCategory.unexplained.length}`);
for (const f of byCategory.unexplained) console.log(`    ${f.title}\n      ${f.firstLine}`);
if (process.env.VERBOSE) {
  for (const category of ['refused', 'harness']) {
    for (const f of byCategory[category]) console.log(`  [${category}] ${f.title} — ${f.reason}`);
  }
}
