// The corpora `npm run eval:calls` scores, each a published package's own sources installed
// from the npm registry (package.json devDependencies) or a Debian python3-* package, chosen
// for its style before the resolver was tuned on it. A monorepo corpus is assembled from two
// packages of one repository that depend on each other, laid out as npm workspaces.
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
    installed('django', 'Python framework (Debian python3-django)', 'python', dist('django'), ['py'], 4),
    installed('oauthlib', 'Python protocol library (Debian python3-oauthlib)', 'python', dist('oauthlib'), ['py']),
    installed('sqlparse', 'Python SQL lexer and filter engine (Debian python3-sqlparse)', 'python', dist('sqlparse'), ['py']),
  ];
}
