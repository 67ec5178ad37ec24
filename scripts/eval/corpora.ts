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

export function corpora(repo: string): Corpus[] {
  const nm = join(repo, 'node_modules');
  const dist = '/usr/lib/python3/dist-packages';
  return [
    { label: 'zod', style: 'schema library (the first eval corpus)', language: 'ts', root: present(join(nm, 'zod/src')), include: ['ts'] },
    {
      label: '@effect/schema',
      style: 'functional, exports bound by const to dual(...) wrappers',
      language: 'ts',
      root: present(join(nm, '@effect/schema/src')),
      include: ['ts'],
    },
    { label: '@loopback/context', style: 'classes with decorators', language: 'ts', root: present(join(nm, '@loopback/context/src')), include: ['ts'] },
    {
      label: '@tanstack/react-router',
      style: 'React TSX components and hooks',
      language: 'ts',
      root: present(join(nm, '@tanstack/react-router/src')),
      include: ['ts', 'tsx'],
    },
    { label: 'nodemailer', style: 'CommonJS JavaScript', language: 'ts', root: present(join(nm, 'nodemailer/lib')), include: ['js'] },
    {
      label: 'tanstack query workspace',
      style: 'monorepo: react-query imports @tanstack/query-core from a sibling workspace package',
      language: 'ts',
      root: tanstackQueryWorkspace(nm),
      include: ['ts', 'tsx'],
      paths: { '@tanstack/query-core': ['packages/query-core/src/index.ts'] },
    },
    { label: 'this repository (core/)', style: 'the project itself', language: 'ts', root: present(join(repo, 'core')), include: ['ts'] },
    {
      label: 'django',
      style: 'Python framework (Debian python3-django)',
      language: 'python',
      root: present(join(dist, 'django')),
      include: ['py'],
      sampleEvery: 4,
    },
    {
      label: 'oauthlib',
      style: 'Python protocol library (Debian python3-oauthlib)',
      language: 'python',
      root: present(join(dist, 'oauthlib')),
      include: ['py'],
    },
  ];
}
