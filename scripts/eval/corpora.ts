// The corpora `npm run eval:calls` scores, each a published package's own sources installed
// from the npm registry or a Debian python3-* package. The older corpora were chosen for their
// style and are root devDependencies; the corpora of the wide evaluation are installed apart,
// in scripts/eval/corpora (`npm run eval:install`, which installs its lock file), so the project's own install does not grow
// with them. A monorepo corpus is assembled from two packages of one repository that depend on
// each other, laid out as npm workspaces.
//
// How the older corpora were chosen, written down before each was first measured:
// 1. It brings a style or construct no corpus here has, named in its `style`, and is picked for
//    that from what its sources are known to use, never from how the index scores on it.
// 2. It is a package that publishes its own sources (TypeScript for a TypeScript corpus, not
//    only compiled JavaScript and .d.ts) on the npm registry, or a Debian python3-* package,
//    pinned to an exact version as a devDependency, so every machine indexes the same bytes.
// 3. Every corpus is reported, whatever it shows.
// For the grammar upgrade and the recovery of ERROR regions (TypeScript 5 syntax, generic call
// signatures one per line in interfaces and type literals): effect and @trpc/server were looked
// inside, @effect/platform was held out. hono publishes only compiled JavaScript and .d.ts.
//
// The wide evaluation: a set too wide to tune to, chosen by rank, not by style, written down
// before any of its new corpora was first measured.
// - TypeScript/JavaScript, until 20 corpora in all (the 13 above count): walk the npm packages
//   in order of monthly downloads (the package list of this workplace, npm.tsv, at the version
//   it lists; @types/* skipped, as are packages already corpora and the peer) and take every
//   package whose tarball holds sources someone wrote (npm-sources.ts): at least 10 and at most
//   2,000 .ts/.tsx files that are not declarations, tests, fixtures or examples, or else at
//   least 10 such .js/.cjs/.mjs files outside build folders (dist*, build, out, esm, cjs, umd,
//   ...), with no source maps and no .d.ts beside most of them (those are built), and not Flow
//   (a `@flow` pragma in more than a tenth of them: the checker cannot parse Flow's annotations,
//   so the truth would not be its reading; no corpus taken here is Flow). The corpus is those files,
//   under the deepest folder holding them all, installed with --ignore-scripts (offline once
//   the tarball is cached). `scripts/eval/choose-npm-corpora.ts` is that walk. It took ranks 1
//   to 55: semver, source-map, readable-stream, ajv, iconv-lite, ws, resolve.
// - A framework publishing TypeScript sources with `export type *` and generic call signatures
//   in interfaces: the same walk over the packages whose summary says "framework"
//   (`--summary framework`), in rank order, grepping each TypeScript tarball for both, until the
//   first that has them. The 40 most downloaded publish no TypeScript sources (express, next,
//   hono, vitest, fastify, @nestjs/* ship JavaScript, compiled or not); the next 40 hold one,
//   @better-auth/core (rank 6128, "authentication framework for TypeScript"), a 21st corpus.
// - Python, until 8 corpora in all (django, oauthlib and sqlparse count): walk the PyPI
//   packages by download rank (pypi.tsv) and take every one Debian 12 packages as
//   python3-<name> (a leading `python-` dropped) for all architectures (pure Python) with at
//   least 10 .py files: boto3, packaging, urllib3, requests, charset-normalizer (ranks 1-8;
//   certifi, idna and typing-extensions have fewer files). Installed with apt-get, under
//   /usr/lib/python3/dist-packages; every file is a caller (none has over 150 files).
// - A second widening, written down before any of its corpora was measured: the same walk
//   continued from rank 56 (`--from 56 --want 8`) until 8 more qualify: fs-extra, whatwg-url,
//   @babel/core, execa, @babel/runtime, caniuse-lite, lodash, node-fetch (ranks 70-149, all
//   JavaScript). Each is reported whatever it holds, even a corpus whose files call nothing
//   across files (caniuse-lite's data). Halves alternate by rank, the first `development`.
// - A third widening, written down before any of its corpora was measured: the same walk
//   continued from rank 150 (`--from 150 --want 8`) until 8 more qualify, each reported whatever
//   it holds; halves alternate by rank, the first `development`. It looked at ranks 150-344 and
//   took eslint, asynckit, source-map-js, async, react-dom, aria-query, tapable,
//   enhanced-resolve (all JavaScript).
// - Halves, fixed before the first run: the older corpora, which the resolver was tuned on, are
//   `development`, but @effect/platform stays `held-out`; the new ones alternate by rank within
//   the walk that chose them, the first `development` (so the framework, alone in its walk, is). A `development` corpus is one a piece of work may
//   look inside; a `held-out` corpus is read only in aggregate (`--show-held-out` to see it).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { classifySources } from './npm-sources.ts';

export type Half = 'development' | 'held-out';

export interface Corpus {
  label: string;
  style: string;
  language: 'ts' | 'python';
  /** The directory indexed, or undefined when the corpus is not installed. */
  root: string | undefined;
  include: string[];
  /** For the checker: workspace package names to their sources (what a workspace resolves to). */
  paths?: Record<string, string[]>;
  /** Python: index every file, but take caller files one in `sampleEvery` (jedi is slow). */
  sampleEvery?: number;
  /** Whether work may look inside this corpus (`development`) or read it only in aggregate (`held-out`). */
  half: Half;
  /** The package the corpus is made of, name@version, for the cache and the report. */
  source?: string;
}

/**
 * The copies a run assembles under the temporary folder, removed when the process ends so that
 * runs do not pile copies of every corpus there.
 */
const copies: string[] = [];
process.once('exit', () => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

function temporaryCopy(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  copies.push(dir);
  return dir;
}

function present(path: string): string | undefined {
  return existsSync(path) ? path : undefined;
}

/** packages/query-core and packages/react-query (src and package.json only) under npm workspaces. */
function tanstackQueryWorkspace(nodeModules: string): string | undefined {
  const packages = ['query-core', 'react-query'];
  if (!packages.every((p) => existsSync(join(nodeModules, '@tanstack', p, 'src')))) return undefined;
  const root = temporaryCopy('metabob-eval-monorepo-');
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'query-workspace', private: true, workspaces: ['packages/*'] }, null, 2));
  for (const p of packages) {
    const to = join(root, 'packages', p);
    mkdirSync(to, { recursive: true });
    cpSync(join(nodeModules, '@tanstack', p, 'src'), join(to, 'src'), { recursive: true });
    cpSync(join(nodeModules, '@tanstack', p, 'package.json'), join(to, 'package.json'));
  }
  return root;
}

/** A corpus that is one installed directory. */
function installed(label: string, style: string, language: Corpus['language'], dir: string, include: string[], sampleEvery?: number): Corpus {
  return { label, style, language, root: present(dir), include, half: 'development', ...(sampleEvery ? { sampleEvery } : {}) };
}

function split(corpus: Corpus, half: Half): Corpus {
  return { ...corpus, half };
}

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules') return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? filesUnder(path, base) : [relative(base, path).split('\\').join('/')];
  });
}

/**
 * An npm package of the wide evaluation: the files rule 2 of the wide evaluation calls its
 * sources, copied under a temporary root (tests, examples and build output left behind), so the
 * graph, the checker and the peer all read the same files.
 */
function npmSources(nodeModules: string, name: string, half: Half, walk = 'npm download rank'): Corpus {
  const dir = join(nodeModules, name);
  const base = { label: name, language: 'ts' as const, include: ['ts', 'tsx', 'mts', 'cts', 'js', 'cjs', 'mjs', 'jsx'], half };
  if (!existsSync(join(dir, 'package.json'))) return { ...base, style: walk, root: undefined };
  const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  const verdict = classifySources(filesUnder(dir));
  const style = `${walk}, ${verdict.kind === 'ts' ? 'TypeScript' : 'JavaScript'} sources in ${verdict.dir}/`;
  if (verdict.kind === 'none') return { ...base, style: `${style}: ${verdict.why}`, root: undefined, source: `${name}@${version}` };
  const root = temporaryCopy(`metabob-eval-${name.replace(/\W/g, '-')}-`);
  for (const file of verdict.sources) {
    const to = join(root, relative(verdict.dir, file));
    mkdirSync(dirname(to), { recursive: true });
    cpSync(join(dir, file), to);
  }
  return { ...base, style, root, source: `${name}@${version}` };
}

/** A Debian python3-* package of the wide evaluation, by its import name under dist-packages. */
function debianPython(debian: string, module: string, half: Half): Corpus {
  let version: string | undefined;
  try {
    version = execFileSync('dpkg-query', ['-W', '-f', '${Version}', debian], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    version = undefined;
  }
  const root = version ? present(join('/usr/lib/python3/dist-packages', module)) : undefined;
  return {
    label: module,
    style: `PyPI download rank (Debian ${debian})`,
    language: 'python',
    root,
    include: ['py'],
    half,
    source: `${debian}@${version ?? '-'}`,
  };
}

export function corpora(repo: string): Corpus[] {
  const nm = (dir: string) => join(repo, 'node_modules', dir);
  const evalModules = join(repo, 'scripts/eval/corpora/node_modules');
  const dist = (dir: string) => join('/usr/lib/python3/dist-packages', dir);
  return [
    // zod 3.25.76, the version every earlier figure was measured on, from the eval's install: the
    // project's own zod (the server's dependency) moved to zod 4, whose sources differ.
    installed('zod', 'schema library (the first eval corpus)', 'ts', join(evalModules, 'zod/src'), ['ts']),
    installed('@effect/schema', 'functional, exports bound by const to dual(...) wrappers', 'ts', nm('@effect/schema/src'), ['ts']),
    installed('@loopback/context', 'classes with decorators', 'ts', nm('@loopback/context/src'), ['ts']),
    installed('@tanstack/react-router', 'React TSX components and hooks', 'ts', nm('@tanstack/react-router/src'), ['ts', 'tsx']),
    installed('nodemailer', 'CommonJS JavaScript', 'ts', nm('nodemailer/lib'), ['js']),
    {
      label: 'tanstack query workspace',
      style: 'monorepo: react-query imports @tanstack/query-core from a sibling workspace package',
      language: 'ts',
      root: tanstackQueryWorkspace(join(repo, 'node_modules')),
      include: ['ts', 'tsx'],
      paths: { '@tanstack/query-core': ['packages/query-core/src/index.ts'] },
      half: 'development',
    },
    installed('rxjs', 'pipeable operator functions around Observable and Subscriber classes', 'ts', nm('rxjs/src'), ['ts']),
    installed('mobx', 'class-heavy observable state with decorators and annotations', 'ts', nm('mobx/src'), ['ts']),
    installed('immer', 'proxy-based drafts, plugin registry of object literals', 'ts', nm('immer/src'), ['ts']),
    installed('this repository (core/)', 'the project itself', 'ts', join(repo, 'core'), ['ts']),
    installed('effect', 'dual() overloads typed by interfaces of generic call signatures, variance annotations', 'ts', nm('effect/src'), ['ts']),
    installed('@trpc/server', 'server framework: builders typed by interfaces of generic call signatures', 'ts', nm('@trpc/server/src'), ['ts']),
    split(
      installed('@effect/platform', 'HTTP platform in the effect style: dual() overloads, generic call signatures', 'ts', nm('@effect/platform/src'), ['ts']),
      'held-out',
    ),
    // The wide evaluation, in rank order; halves alternate, the first `development`.
    npmSources(evalModules, 'semver', 'development'),
    npmSources(evalModules, 'source-map', 'held-out'),
    npmSources(evalModules, 'readable-stream', 'development'),
    npmSources(evalModules, 'ajv', 'held-out'),
    npmSources(evalModules, 'iconv-lite', 'development'),
    npmSources(evalModules, 'ws', 'held-out'),
    npmSources(evalModules, 'resolve', 'development'),
    npmSources(evalModules, '@better-auth/core', 'development', 'framework walk: export type * and generic call signatures'),
    npmSources(evalModules, 'fs-extra', 'development', 'npm download rank, second widening'),
    npmSources(evalModules, 'whatwg-url', 'held-out', 'npm download rank, second widening'),
    npmSources(evalModules, '@babel/core', 'development', 'npm download rank, second widening'),
    npmSources(evalModules, 'execa', 'held-out', 'npm download rank, second widening'),
    npmSources(evalModules, '@babel/runtime', 'development', 'npm download rank, second widening'),
    npmSources(evalModules, 'caniuse-lite', 'held-out', 'npm download rank, second widening'),
    npmSources(evalModules, 'lodash', 'development', 'npm download rank, second widening'),
    npmSources(evalModules, 'node-fetch', 'held-out', 'npm download rank, second widening'),
    npmSources(evalModules, 'eslint', 'development', 'npm download rank, third widening'),
    npmSources(evalModules, 'asynckit', 'held-out', 'npm download rank, third widening'),
    npmSources(evalModules, 'source-map-js', 'development', 'npm download rank, third widening'),
    npmSources(evalModules, 'async', 'held-out', 'npm download rank, third widening'),
    npmSources(evalModules, 'react-dom', 'development', 'npm download rank, third widening'),
    npmSources(evalModules, 'aria-query', 'held-out', 'npm download rank, third widening'),
    npmSources(evalModules, 'tapable', 'development', 'npm download rank, third widening'),
    npmSources(evalModules, 'enhanced-resolve', 'held-out', 'npm download rank, third widening'),
    installed('django', 'Python framework (Debian python3-django)', 'python', dist('django'), ['py'], 4),
    installed('oauthlib', 'Python protocol library (Debian python3-oauthlib)', 'python', dist('oauthlib'), ['py']),
    installed('sqlparse', 'Python SQL lexer and filter engine (Debian python3-sqlparse)', 'python', dist('sqlparse'), ['py']),
    debianPython('python3-boto3', 'boto3', 'development'),
    debianPython('python3-packaging', 'packaging', 'held-out'),
    debianPython('python3-urllib3', 'urllib3', 'development'),
    debianPython('python3-requests', 'requests', 'held-out'),
    debianPython('python3-charset-normalizer', 'charset_normalizer', 'development'),
  ];
}
