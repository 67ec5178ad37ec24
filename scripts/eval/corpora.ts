// The corpora `npm run eval:calls` scores, each a published package's own sources installed
// from the npm registry (package.json devDependencies) or a Debian python3-* package, chosen
// for its style before the resolver was tuned on it. A monorepo corpus is assembled from two
// packages of one repository that depend on each other, laid out as npm workspaces.
//
// How a new corpus is chosen, written down before it is first measured:
// 1. It brings a style or construct no corpus here has, named in its `style`, and is picked for
//    that from what its sources are known to use, never from how the index scores on it.
// 2. It is a package that publishes its own sources (TypeScript for a TypeScript corpus, not
//    only compiled JavaScript and .d.ts) on the npm registry, or a Debian python3-* package,
//    pinned to an exact version as a devDependency, so every machine indexes the same bytes.
// 3. Every corpus is reported, whatever it shows. A corpus added for a piece of work is `tuned`
//    when that work may look inside its failures and `held-out` when only its figures are read;
//    a group of new corpora is split so both halves have the style the work is about.
// For the grammar upgrade and the recovery of ERROR regions (TypeScript 5 syntax, generic call
// signatures one per line in interfaces and type literals): effect and @trpc/server are tuned,
// @effect/platform is held out, and every older corpus is held out too. hono (the framework the
// work was first seen on) publishes only compiled JavaScript and .d.ts, so it cannot be one; no
// package found that publishes sources uses `export type *`, which the unit fixtures cover.
import { cpSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  /** For the corpora added for a piece of work: whether that work looked inside it (rule 3 above). */
  half?: 'tuned' | 'held-out';
}

function present(path: string): string | undefined {
  return existsSync(path) ? path : undefined;
}

/** packages/query-core and packages/react-query (src and package.json only) under npm workspaces. */
function tanstackQueryWorkspace(nodeModules: string): string | undefined {
  const packages = ['query-core', 'react-query'];
  if (!packages.every((p) => existsSync(join(nodeModules, '@tanstack', p, 'src')))) return undefined;
  const root = mkdtempSync(join(tmpdir(), 'metabob-eval-monorepo-'));
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
  return { label, style, language, root: present(dir), include, ...(sampleEvery ? { sampleEvery } : {}) };
}

function split(corpus: Corpus, half: Corpus['half']): Corpus {
  return { ...corpus, half };
}

export function corpora(repo: string): Corpus[] {
  const nm = (dir: string) => join(repo, 'node_modules', dir);
  const dist = (dir: string) => join('/usr/lib/python3/dist-packages', dir);
  return [
    installed('zod', 'schema library (the first eval corpus)', 'ts', nm('zod/src'), ['ts']),
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
    },
    installed('rxjs', 'pipeable operator functions around Observable and Subscriber classes', 'ts', nm('rxjs/src'), ['ts']),
    installed('mobx', 'class-heavy observable state with decorators and annotations', 'ts', nm('mobx/src'), ['ts']),
    installed('immer', 'proxy-based drafts, plugin registry of object literals', 'ts', nm('immer/src'), ['ts']),
    installed('this repository (core/)', 'the project itself', 'ts', join(repo, 'core'), ['ts']),
    split(
      installed('effect', 'dual() overloads typed by interfaces of generic call signatures, variance annotations', 'ts', nm('effect/src'), ['ts']),
      'tuned',
    ),
    split(
      installed('@trpc/server', 'server framework: builders typed by interfaces of generic call signatures', 'ts', nm('@trpc/server/src'), ['ts']),
      'tuned',
    ),
    split(
      installed('@effect/platform', 'HTTP platform in the effect style: dual() overloads, generic call signatures', 'ts', nm('@effect/platform/src'), ['ts']),
      'held-out',
    ),
    installed('django', 'Python framework (Debian python3-django)', 'python', dist('django'), ['py'], 4),
    installed('oauthlib', 'Python protocol library (Debian python3-oauthlib)', 'python', dist('oauthlib'), ['py']),
    installed('sqlparse', 'Python SQL lexer and filter engine (Debian python3-sqlparse)', 'python', dist('sqlparse'), ['py']),
  ];
}
