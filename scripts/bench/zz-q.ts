import { setFlagsFromString } from 'node:v8'; if (process.env.RTFLAG) setFlagsFromString(process.env.RTFLAG);
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parserFor } from '../../core/index/extract/grammar-loader.ts';
const mb = () => (process.memoryUsage().rss/1e6).toFixed(0) + 'MB';
const files: string[] = [];
(function walk(d: string){ for (const n of readdirSync(d)) { const f=join(d,n); const s=statSync(f); if (s.isDirectory()) walk(f); else if (n.endsWith(process.env.EXT!) && s.size < Number(process.env.MAX ?? 1e9)) files.push(f);} })('/usr/lib/python3/dist-packages/django');
const p = await parserFor(process.env.G as 'python');
console.log('loaded', mb());
let i=0;
for (const f of files) { const t = p.parse(readFileSync(f,'utf8')); t!.delete(); if (++i % 200 === 0) console.log(i, mb()); }
console.log('end', mb());
