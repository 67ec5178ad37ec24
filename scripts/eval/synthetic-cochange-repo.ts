// A git repository with a realistic, reproducible co-change history, built offline for the
// co-change benchmark and eval (SPEC §predict_cochanges): Django's own source files (Debian's
// python3-django) imported in one commit, then ~600 synthetic commits written with one
// `git fast-import` from a seeded model of how teams change code:
//   - feature groups: 2-9 files that change together (a seed file, siblings in its package,
//     sometimes a neighbouring package and a template or static file); each group has its own
//     cohesion (how many of its files a commit touches) and a Zipf popularity that drifts by a
//     seeded random walk, so some areas are hot now and were cold earlier;
//   - hub files that change with everything at their own rate (settings, a functional helper,
//     the package version);
//   - unrelated fix-ups riding along, single-file commits, renames (a file moves and keeps
//     changing with its group under the new name), and occasional sweeping refactors of 35-80
//     files (which co-change mining must skip).
// The repository is cached under the OS temp folder by seed and model version.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

export const DJANGO_SOURCE = '/usr/lib/python3/dist-packages/django';
const MODEL_VERSION = 3;
const SOURCE_EXTENSIONS = ['.py', '.html', '.js', '.css'];
const HUBS: [string, number][] = [
  ['django/conf/global_settings.py', 0.22],
  ['django/utils/functional.py', 0.1],
  ['django/__init__.py', 0.06],
];

/** mulberry32: small, fast, seedable. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function listSources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '__pycache__' && name !== 'locale') listSources(path, out);
    } else if (SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext))) out.push(path);
  }
  return out;
}

function dirOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}

interface Group {
  files: string[];
  cohesion: number;
  logWeight: number;
}

interface Model {
  random: () => number;
  files: string[];
  byDir: Map<string, string[]>;
  groups: Group[];
}

function pick<T>(random: () => number, items: T[]): T {
  return items[Math.floor(random() * items.length)];
}

function buildModel(seed: number, repoFiles: string[]): Model {
  const random = rng(seed);
  const byDir = new Map<string, string[]>();
  for (const f of repoFiles) byDir.set(dirOf(f), [...(byDir.get(dirOf(f)) ?? []), f]);
  const dirs = [...byDir.keys()];
  const pyFiles = repoFiles.filter((f) => f.endsWith('.py'));
  const uiFiles = repoFiles.filter((f) => !f.endsWith('.py'));
  const hubNames = new Set(HUBS.map(([f]) => f));
  const groups: Group[] = [];
  for (let i = 0; i < 140; i++) {
    const seedFile = pick(random, pyFiles);
    const members = new Set([seedFile]);
    const siblings = byDir.get(dirOf(seedFile))!;
    const wanted = 1 + Math.floor(random() * 5);
    for (let k = 0; k < wanted * 3 && members.size < wanted + 1; k++) members.add(pick(random, siblings));
    if (random() < 0.4) {
      const parent = dirOf(dirOf(seedFile));
      const near = dirs.filter((d) => d.startsWith(parent) && d !== dirOf(seedFile));
      if (near.length) members.add(pick(random, byDir.get(pick(random, near))!));
    }
    if (random() < 0.3) members.add(pick(random, uiFiles));
    for (const hub of hubNames) members.delete(hub);
    if (members.size < 2) members.add(pick(random, pyFiles));
    // Zipf-like popularity over a random order; cohesion between 0.45 and 0.9.
    groups.push({ files: [...members], cohesion: 0.45 + random() * 0.45, logWeight: -1.1 * Math.log(1 + i) });
  }
  return { random, files: repoFiles, byDir, groups };
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function pickGroup(model: Model): Group {
  const weights = model.groups.map((g) => Math.exp(g.logWeight));
  let r = model.random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) if ((r -= weights[i]) <= 0) return model.groups[i];
  return model.groups[model.groups.length - 1];
}

type Change = { kind: 'M'; path: string } | { kind: 'R'; from: string; to: string };

/** The files one synthetic commit touches, and its message. */
function nextCommit(model: Model, index: number): { changes: Change[]; message: string } {
  const { random } = model;
  if (index % 20 === 0) for (const g of model.groups) g.logWeight += 0.35 * gaussian(random);
  const kind = random();
  if (kind < 0.02) {
    const area = pick(random, ['django/db', 'django/contrib/admin', 'django/core', 'django/forms', 'django/utils', 'django/contrib']);
    const pool = model.files.filter((f) => f.startsWith(area + '/'));
    const size = 35 + Math.floor(random() * 46);
    const chosen = new Set<string>();
    while (chosen.size < Math.min(size, pool.length)) chosen.add(pick(random, pool));
    return { changes: [...chosen].map((path) => ({ kind: 'M', path })), message: `Refactored ${area} (sweeping)` };
  }
  const group = pickGroup(model);
  if (kind < 0.035) {
    const from = pick(random, group.files);
    const base = from.slice(from.lastIndexOf('/') + 1);
    const to = `${dirOf(from)}/${base.replace(/(\.\w+)$/, `_v${index}$1`)}`;
    for (const g of model.groups) g.files = g.files.map((f) => (f === from ? to : f));
    model.files = model.files.map((f) => (f === from ? to : f));
    return { changes: [{ kind: 'R', from, to }], message: `Renamed ${from} to ${to}` };
  }
  const touched = new Set<string>();
  if (kind < 0.11) {
    touched.add(pick(random, group.files));
  } else {
    for (const f of group.files) if (random() < group.cohesion) touched.add(f);
    if (touched.size === 0) touched.add(group.files[0]);
    if (random() < 0.3) touched.add(pick(random, model.files));
    if (random() < 0.1) touched.add(pick(random, model.files));
  }
  for (const [hub, rate] of HUBS) if (random() < rate) touched.add(hub);
  return { changes: [...touched].map((path) => ({ kind: 'M', path })), message: `Changed ${[...touched][0]} and ${touched.size - 1} more` };
}

function dataBlock(content: Buffer | string): Buffer[] {
  const body = typeof content === 'string' ? Buffer.from(content) : content;
  return [Buffer.from(`data ${body.length}\n`), body, Buffer.from('\n')];
}

/** The synthetic repository for `seed` (built on first use, then reused). */
export function syntheticCochangeRepo(seed = 20261130, commits = 600): string {
  const dir = join(tmpdir(), `metabob-cochange-synthetic-v${MODEL_VERSION}-${seed}-${commits}`);
  if (existsSync(join(dir, '.git', 'synthetic-complete'))) return dir;
  if (!existsSync(DJANGO_SOURCE)) throw new Error(`bench_corpus_missing: ${DJANGO_SOURCE} not found; install Debian's python3-django`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');

  const sources = listSources(DJANGO_SOURCE);
  const original = new Map(sources.map((abs) => ['django/' + relative(DJANGO_SOURCE, abs), readFileSync(abs)]));
  const edits = new Map<string, number>();
  const contentOf = (path: string, originalPath: string) => {
    const n = (edits.get(path) ?? 0) + 1;
    edits.set(path, n);
    const lines = Array.from({ length: n }, (_, i) => `# synthetic change ${i + 1}\n`).join('');
    return Buffer.concat([original.get(originalPath)!, Buffer.from(lines)]);
  };
  const originOf = new Map([...original.keys()].map((p) => [p, p]));
  const model = buildModel(seed, [...original.keys()]);

  const stream: Buffer[] = [];
  let time = 1_700_000_000;
  const header = (mark: number, message: string) => {
    time += 3600 + Math.floor(model.random() * 7200);
    const who = `Synthetic Author <synthetic@example.invalid> ${time} +0000`;
    stream.push(Buffer.from(`commit refs/heads/main\nmark :${mark}\nauthor ${who}\ncommitter ${who}\n`), ...dataBlock(message));
    if (mark > 1) stream.push(Buffer.from(`from :${mark - 1}\n`));
  };
  header(1, 'Import Django sources');
  for (const [path, body] of original) stream.push(Buffer.from(`M 100644 inline ${path}\n`), ...dataBlock(body));
  for (let i = 1; i <= commits; i++) {
    const { changes, message } = nextCommit(model, i);
    header(i + 1, message);
    for (const change of changes) {
      if (change.kind === 'R') {
        stream.push(Buffer.from(`R ${change.from} ${change.to}\n`));
        originOf.set(change.to, originOf.get(change.from)!);
        edits.set(change.to, edits.get(change.from) ?? 0);
      } else {
        stream.push(Buffer.from(`M 100644 inline ${change.path}\n`), ...dataBlock(contentOf(change.path, originOf.get(change.path)!)));
      }
    }
  }
  const imported = spawnSync('git', ['fast-import', '--quiet'], { cwd: dir, input: Buffer.concat(stream), maxBuffer: 1 << 26 });
  if (imported.status !== 0) throw new Error(`git fast-import failed: ${imported.stderr.toString().trim()}`);
  git('reset', '-q', '--hard', 'main');
  writeFileSync(join(dir, '.git', 'synthetic-complete'), `seed ${seed}, ${commits} commits, model v${MODEL_VERSION}\n`);
  return dir;
}
