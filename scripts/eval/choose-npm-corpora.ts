// The npm half of the corpus-choosing rule in corpora.ts, as a program, so the choice can be
// re-made by anyone from the same package list: walk the most downloaded npm packages in rank
// order and say, from each tarball's own file list, whether it ships hand-written sources.
// `node --import tsx scripts/eval/choose-npm-corpora.ts [--want N] [--max N] [--from RANK] [--list npm.tsv]`
// prints one line per package looked at and stops after N qualify or N looked at. Tarballs come
// from the npm cache when they are there (--offline first) and from the registry otherwise.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classifySources } from './npm-sources.ts';

function packFiles(spec: string, into: string): string[] | undefined {
  for (const mode of ['--offline', '--prefer-online']) {
    try {
      const out = execFileSync('npm', ['pack', spec, '--json', '--pack-destination', into, mode], {
        cwd: into,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      return (JSON.parse(out) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    } catch {
      // not in the cache: try the registry
    }
  }
  return undefined;
}

/** What the TypeScript-5 framework syntax search looks for in a tarball's sources. */
function frameworkSyntax(tarball: string, into: string): string {
  execFileSync('tar', ['-xzf', tarball, '-C', into]);
  const grep = (pattern: string) => {
    try {
      return execFileSync('grep', ['-rlE', '--include=*.ts', '--exclude=*.d.ts', pattern, join(into, 'package')], { encoding: 'utf8' })
        .trim()
        .split('\n').length;
    } catch {
      return 0;
    }
  };
  return `export type * in ${grep('^\\s*export type \\* from')} files, generic call signatures in ${grep('^\\s+<[A-Za-z_][^>]*>\\s*\\(')} files`;
}

/**
 * How many of a JavaScript tarball's sources carry a Flow pragma (`@flow`): Flow's annotations
 * are syntax errors to the TypeScript checker, which then reads such a file in part, so the
 * eval's truth is not the checker's reading of the code.
 */
function flowFiles(tarball: string, into: string, sources: string[]): number {
  execFileSync('tar', ['-xzf', tarball, '-C', into]);
  let flow = 0;
  for (const file of sources) {
    const head = readFileSync(join(into, 'package', file), 'utf8').slice(0, 4096);
    if (/@flow\b/.test(head)) flow++;
  }
  return flow;
}

const arg = (name: string, fallback: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1]! : fallback);
const want = Number(arg('--want', '7'));
const max = Number(arg('--max', '300'));
const from = Number(arg('--from', '1'));
const skip = new Set(arg('--skip', '').split(',').filter(Boolean));
const list = arg('--list', '/work/.library/env/packages/npm.tsv');
// `--summary framework`: only packages whose own summary uses the word (the framework search).
const summary = arg('--summary', '').toLowerCase();
const ranked = readFileSync(list, 'utf8')
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .filter((cols) => cols.length >= 3 && !cols[0]!.startsWith('@types/') && Number(cols[2]) > 0)
  .map((cols) => ({ name: cols[0]!, version: cols[1]!, downloads: Number(cols[2]), summary: (cols[3] ?? '').toLowerCase() }))
  .sort((a, b) => b.downloads - a.downloads || a.name.localeCompare(b.name));

let qualified = 0;
let looked = 0;
for (let rank = from; rank <= ranked.length && qualified < want && looked < max; rank++) {
  const { name, version } = ranked[rank - 1]!;
  if (summary && !new RegExp(`\\b${summary}\\b`).test(ranked[rank - 1]!.summary)) continue;
  if (skip.has(name)) {
    console.log(`${rank}\t${name}@${version}\tskip\talready a corpus`);
    continue;
  }
  looked++;
  const dir = mkdtempSync(join(tmpdir(), 'metabob-choose-'));
  try {
    const files = packFiles(`${name}@${version}`, dir);
    if (!files) {
      console.log(`${rank}\t${name}@${version}\tnone\tno tarball`);
      continue;
    }
    let verdict = classifySources(files);
    const tarball = execFileSync('sh', ['-c', `ls ${dir}/*.tgz`], { encoding: 'utf8' }).trim();
    const flow = verdict.kind === 'js' ? flowFiles(tarball, dir, verdict.sources) : 0;
    if (flow * 10 > verdict.sources.length)
      verdict = { kind: 'none', dir: '', sources: [], why: `Flow-typed JavaScript (${flow} of ${verdict.sources.length} files): the checker cannot parse it` };
    if (verdict.kind !== 'none') qualified++;
    const extra = verdict.kind === 'ts' ? `\t${frameworkSyntax(tarball, dir)}` : '';
    console.log(
      `${rank}\t${name}@${version}\t${verdict.kind}\t${verdict.why}${verdict.kind === 'none' ? '' : `, ${verdict.sources.length} in ${verdict.dir}`}${extra}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
