import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The server's log goes to stdout in batches (src/logger.ts, bufferedStdout): whatever way the process ends short of
 * SIGKILL, every line it logged is written.
 */
const ROOT = path.join(__dirname, '..', '..');

async function linesOf(ending: string): Promise<{ lines: string[]; code: number }> {
  const script = `
    const { bufferedStdout, createLogger } = require('./src/logger.ts');
    const log = createLogger('info', bufferedStdout());
    for (let i = 0; i < 5; i++) log.info({ i }, 'line');
    ${ending}`;
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--require', '@swc-node/register', '-e', script], { cwd: ROOT });
    return { lines: stdout.trim().split('\n'), code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; code: number };
    return { lines: failed.stdout.trim().split('\n'), code: failed.code };
  }
}

it.each([
  ['the event loop empties', ''],
  ['process.exit', 'process.exit(3)'],
  ['an uncaught error', 'setImmediate(() => { throw new Error("boom"); })'],
  ['more lines than one batch, then process.exit', 'for (let i = 5; i < 5000; i++) log.info({ i }, "line"); process.exit(0)'],
])('every line is written when %s', async (_how, ending) => {
  const { lines } = await linesOf(ending);
  const numbers = lines.map((line) => JSON.parse(line).i);
  const expected = ending.includes('5000') ? 5000 : 5;
  expect(numbers).toEqual(Array.from({ length: expected }, (_, i) => i));
});
