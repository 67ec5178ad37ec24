import { handshake, startRawServer } from '../../tests/helpers/raw-server.ts';
import { tempDir } from '../../tests/helpers/git.ts';
const cwd = tempDir();
const variants: Record<string, { cli: string; env?: Record<string, string> }> = {
  bin: { cli: '/work/wt/rt/dist/cli.js' },
  esmNone: { cli: '/tmp/rt-exp/l-esm.mjs' },
  esmCC: { cli: '/tmp/rt-exp/l-esm.mjs', env: { CC: '/tmp/rt-exp/cc/esm-' + process.version } },
  cjsNone: { cli: '/tmp/rt-exp/l-cjs.mjs' },
  cjsCC: { cli: '/tmp/rt-exp/l-cjs.mjs', env: { CC: '/tmp/rt-exp/cc/cjs-' + process.version } },
};
const names = Object.keys(variants).filter((n) => (process.version.startsWith('v20') ? !n.endsWith('CC') : true));
const times: Record<string, number[]> = {};
for (let i = 0; i < 12; i++)
  for (const n of names) {
    const t0 = performance.now();
    const s = startRawServer({ cwd, cli: variants[n].cli, env: variants[n].env });
    const list = await handshake(s);
    const ms = performance.now() - t0;
    if (list.result.tools.length < 10) throw new Error('no tools');
    await s.close();
    if (i > 1) (times[n] ??= []).push(ms);
  }
const med = (a: number[]) => {
  const s = [...a].sort((x, y) => x - y);
  return (s[4] + s[5]) / 2;
};
console.log(process.version, names.map((n) => `${n} ${med(times[n]).toFixed(0)}`).join(' | '));
