// `npm run bench`: runs every scripts/bench/*.ts in turn; each prints its own figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { scopedTmp } from './scoped-tmp.mjs';

const only = process.argv.slice(2);
const benches = readdirSync('scripts/bench')
  .filter((f) => f.endsWith('.ts'))
  .sort()
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  const tmp = scopedTmp('metabob-bench-');
  const run = spawnSync(process.execPath, ['--import', 'tsx', `scripts/bench/${file}`], { stdio: 'inherit', env: tmp.env });
  tmp.remove();
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
