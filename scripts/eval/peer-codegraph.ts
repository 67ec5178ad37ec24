// The peer of `npm run eval:calls --peer`: @colbymchenry/codegraph, installed by the eval's own
// package (scripts/eval/corpora), run through its CLI on a copy of the corpus (it writes its
// `.codegraph/` index beside the sources, and installed packages are not ours to write into).
// Its `calls` and `instantiates` edges between nodes of two different corpus files become the
// same (caller file, callee file, callee name) keys the graph's edges are scored by.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import Database from 'better-sqlite3';

export interface PeerRun {
  keys: string[];
  indexMs: number;
}

function peerPackage(repo: string): string {
  return join(repo, 'scripts/eval/corpora/node_modules/@colbymchenry/codegraph');
}

/** The installed peer's version, or undefined when `npm run eval:install` has not run. */
export function peerVersion(repo: string): string | undefined {
  const manifest = join(peerPackage(repo), 'package.json');
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
}

export function peerEdges(repo: string, root: string, language: 'ts' | 'python'): PeerRun {
  const copy = mkdtempSync(join(tmpdir(), 'metabob-eval-peer-'));
  try {
    // Judged below the root: an installed corpus's own path runs through node_modules.
    const skipped = (from: string) =>
      relative(root, from)
        .split(sep)
        .some((part) => part === 'node_modules' || part === '__pycache__');
    cpSync(root, copy, { recursive: true, filter: (from) => !skipped(from) });
    const started = performance.now();
    // No daemon, no telemetry, no download of a bundle the registry did not deliver.
    const env = { ...process.env, CODEGRAPH_NO_DAEMON: '1', CODEGRAPH_TELEMETRY: '0', DO_NOT_TRACK: '1', CODEGRAPH_NO_DOWNLOAD: '1' };
    execFileSync(process.execPath, [join(peerPackage(repo), 'npm-shim.js'), 'init', '--yes', '.'], {
      cwd: copy,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 30 * 60 * 1000,
    });
    const indexMs = performance.now() - started;
    const db = new Database(join(copy, '.codegraph/codegraph.db'), { readonly: true, fileMustExist: true });
    const rows = db
      .prepare(
        `SELECT s.file_path AS fromFile, t.file_path AS toFile, t.name AS name, t.qualified_name AS qualified
           FROM edges e JOIN nodes s ON s.id = e.source JOIN nodes t ON t.id = e.target
          WHERE e.kind IN ('calls', 'instantiates') AND s.file_path <> t.file_path`,
      )
      .all() as Array<{ fromFile: string; toFile: string; name: string; qualified: string }>;
    db.close();
    const keys = new Set<string>();
    for (const row of rows) {
      // As for the graph: `new X()` reaching a constructor is named by its class, as the checker names it.
      const parts = row.qualified.split('::');
      const name = language === 'ts' && row.name === 'constructor' && parts.length > 1 ? parts.at(-2)! : row.name;
      keys.add(`${row.fromFile}|${row.toFile}|${name}`);
    }
    return { keys: [...keys], indexMs };
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
