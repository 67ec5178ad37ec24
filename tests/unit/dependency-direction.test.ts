// Which folder may import which (STYLE habit 13, in the manner of playwright-mcp's DEPS.list):
// planes -> boundary -> tools -> services -> infrastructure. Every relative import in core/ and
// tui/, `import type` and `import()` included, must be allowed by this table; a folder missing
// from it fails too, so a new folder is placed on purpose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const INFRA = ['core/log', 'core/version', 'core/process', 'core/net', 'core/engine-flags', 'core/pipe-writer', 'core/outgoing-guard', 'core/redact-url'];

/** A unit is a folder under core/ (or a top-level core/*.ts file, which counts as its namesake folder). */
const DEPS: Record<string, string[]> = {
  // Entry points: the bin, its engine settings, one file per subcommand. The CLI is the one
  // place that loads the Ink view, and only lazily (its `import()` of tui/render-ink.tsx).
  'core/cli-loader': ['core/cli', 'core/config', 'core/engine-flags'],
  'core/cli': [
    'core/server',
    'core/loopback',
    'core/report',
    'core/services',
    'core/index',
    // The index command keeps tracked files first under the file cap, as init_workspace does.
    'core/git',
    'core/config',
    'core/cells',
    'core/identity',
    ...INFRA,
    'tui/render-ink',
  ],
  // A cell's steps (task pull, finding close): the tools through the boundary, git, identity.
  'core/cells': [
    'core/server',
    'core/tools',
    'core/services',
    'core/ledger',
    'core/git',
    'core/identity',
    'core/substrate',
    'core/config',
    'core/attachment',
    ...INFRA,
  ],
  // What doctor and attach --check run and show (the views in tui/ render its model).
  'core/report': ['core/attachment', 'core/config', 'core/index', 'core/ledger', 'core/loopback', 'core/workspace', 'core/substrate', ...INFRA],
  // Planes: stdio (core/server/mcp-server.ts) and loopback HTTP, over the one boundary.
  'core/loopback': ['core/server', 'core/tools', 'core/services', 'core/attachment', 'core/config', 'core/substrate', ...INFRA],
  'core/server': ['core/tools', 'core/services', 'core/ledger', 'core/workspace', 'core/substrate', 'core/attachment', ...INFRA],
  // Tools and the adapters that turn services' answers into agent text.
  'core/tools': ['core/services', 'core/attachment', 'core/substrate', 'core/ledger', 'core/index', 'core/identity', 'core/workspace', 'core/git', ...INFRA],
  // Services, and the one object that holds them.
  'core/services': ['core/attachment', 'core/ledger', 'core/index', 'core/identity', 'core/workspace', 'core/config', 'core/substrate', ...INFRA],
  'core/attachment': ['core/auth-service', 'core/identity', 'core/config', 'core/substrate', ...INFRA],
  'core/auth-service': ['core/substrate', ...INFRA],
  // The shared ledger reads concept-db (core/substrate) and maps findings across super-repo and vessel (core/identity).
  'core/ledger': ['core/index', 'core/git', 'core/config', 'core/substrate', 'core/identity', ...INFRA],
  'core/identity': ['core/git', 'core/config', ...INFRA],
  'core/index': [...INFRA],
  'core/workspace': [...INFRA],
  'core/git': [...INFRA],
  'core/config': [...INFRA],
  'core/substrate': [...INFRA],
  // Infrastructure imports only infrastructure below it.
  'core/process': ['core/log'],
  'core/net': ['core/log', 'core/redact-url'],
  // The outgoing text guard's entry (SPEC §outgoing-text-guard) over its rules in core/guard.
  'core/outgoing-guard': ['core/log', 'core/process', 'core/guard'],
  'core/guard': ['core/log', 'core/process'],
  // The one URL redaction, below the logger so every log line passes it.
  'core/log': ['core/redact-url'],
  'core/redact-url': [],
  'core/version': [],
  'core/engine-flags': [],
  'core/pipe-writer': [],
  // The Ink views read core's report model, nothing else of core.
  'tui/render-ink': ['tui/report-view', 'core/report'],
  'tui/report-view': ['core/report'],
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(join(ROOT, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(join(ROOT, rel)).isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(name)) out.push(rel);
  }
  return out;
}

function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'tui') return file.replace(/\.tsx?$/, '');
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file.replace(/\.tsx?$/, '');
}

/** Relative specifiers of static imports, re-exports and dynamic imports (comments stripped first). */
function importsOf(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const specs: string[] = [];
  for (const m of code.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g)) specs.push(m[1] ?? m[2]);
  return specs;
}

test('every import in core/ and tui/ follows the dependency table', () => {
  const violations: string[] = [];
  const unplaced = new Set<string>();
  for (const file of [...sources('core'), ...sources('tui')]) {
    const from = unitOf(file);
    if (!DEPS[from]) unplaced.add(from);
    for (const spec of importsOf(readFileSync(join(ROOT, file), 'utf8'))) {
      const target = relative(ROOT, normalize(join(ROOT, dirname(file), spec)))
        .split('\\')
        .join('/');
      const to = unitOf(target);
      if (to === from) continue;
      if (!(DEPS[from] ?? []).includes(to)) violations.push(`${file} imports ${target} (${from} -> ${to} is not in the table)`);
    }
  }
  assert.deepEqual([...unplaced], [], 'folders missing from the dependency table');
  assert.deepEqual(violations, []);
});

test('the table itself points one way: no two units may import each other', () => {
  const cycles: string[] = [];
  for (const [from, targets] of Object.entries(DEPS)) for (const to of targets) if (DEPS[to]?.includes(from)) cycles.push(`${from} <-> ${to}`);
  assert.deepEqual(cycles, []);
});

test('the checker sees static, type-only, re-exported and dynamic imports', () => {
  const seen = importsOf(
    [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "const d = () => import('./d.ts');",
      "// import { e } from './e.ts';",
      'const s = \'import x from "./not-an-import"\';',
    ].join('\n'),
  );
  assert.deepEqual(seen, ['./a.ts', '../b.ts', './c.ts', './d.ts']);
});
