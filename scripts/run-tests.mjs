// Runs every tests/**/*.test.ts with node:test (Node 20 has no --test globbing).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { scopedTmp } from './scoped-tmp.mjs';

function findTests(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...findTests(path));
    else if (name.endsWith('.test.ts') || name.endsWith('.test.tsx')) out.push(path);
  }
  return out;
}

// tests/hosts/ installs the packed package from the registry and drives the real hosts
// (`npm run test:hosts`), so only a run that names it includes it.
const HOSTS = join('tests', 'hosts');
const filter = process.argv.slice(2);
const files = findTests('tests')
  .filter((f) => (filter.length === 0 ? !f.startsWith(HOSTS) : filter.some((p) => f.includes(p))))
  .sort();
const tmp = scopedTmp('metabob-tests-');
// Ctrl-C reaches the whole process group: the test runner stops, and this process lives on
// to remove the run's temp folder.
process.on('SIGINT', () => {});
const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-timeout=300000', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
  env: tmp.env,
});
tmp.remove();
process.exit(run.status ?? 1);
