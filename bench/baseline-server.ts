/**
 * The hand-written baselines (bench/baselines.ts) as a process of their own, for the load bench: started with the
 * store's connection string and database, it prints its URL on stdout and serves until it is killed.
 *
 *   node --require @swc-node/register bench/baseline-server.ts MONGODB_URI DB_NAME
 */
import { startBaselines } from './baselines';

const [uri, dbName] = process.argv.slice(2);
if (!uri || !dbName) {
  console.error('usage: baseline-server.ts MONGODB_URI DB_NAME');
  process.exit(2);
}
startBaselines(uri, dbName).then(
  (baselines) => {
    process.stdout.write(`${baselines.url}\n`);
    process.on('SIGTERM', () => void baselines.stop().then(() => process.exit(0)));
  },
  (error: Error) => {
    console.error(error.message);
    process.exit(1);
  },
);
