// A large multi-language workspace for the scale benches, assembled from sources installed on
// this machine: Python packages (Debian's dist-packages, Django among them, and the standard
// library) and the JavaScript and TypeScript of this repository's node_modules and the eval
// corpora's. Only files the index would take are copied (its extensions, at most its size bound,
// not generated or minified), each distinct content once; the sources are taken in turn, so any
// prefix of the tree mixes the languages. Past the distinct files the tree cycles them under
// numbered folders (copy1/, copy2/, ...), and says how many were copies.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { DEFAULT_EXCLUDE, DEFAULT_INCLUDE } from '../../../core/index/scan-workspace.ts';
import { generatedByName, sniffGenerated, SNIFF_FROM_BYTES } from '../../../core/index/generated-files.ts';
import { MAX_FILE_BYTES } from '../../../core/index/index-caps.ts';

const REPO = resolve(new URL('../../..', import.meta.url).pathname);

/** Where the distinct sources come from, in this order; absent folders are left out. */
export const SOURCE_ROOTS = [
  '/usr/lib/python3/dist-packages',
  join(REPO, 'node_modules'),
  join(REPO, 'scripts/eval/corpora/node_modules'),
  '/usr/lib/python3.11',
  '/usr/lib/python3.12',
];

interface SourceFile {
  from: string;
  rel: string;
}

const EXCLUDED = new Set(DEFAULT_EXCLUDE);
const INCLUDED = new Set(DEFAULT_INCLUDE.map((e) => (e.startsWith('.') ? e : `.${e}`)));

/** A folder the scan skips by name (dist/, node_modules/) gets a trailing `_`, so its files are indexed where they are. */
function indexable(segment: string): string {
  return EXCLUDED.has(segment) ? `${segment}_` : segment;
}

function listSources(label: string, base: string): SourceFile[] {
  const out: SourceFile[] = [];
  const walk = (dir: string, rel: string) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith('.') || name === '__pycache__') continue;
      const path = join(dir, name);
      let st;
      try {
        st = statSync(path);
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(path, join(rel, indexable(name)));
      else if (st.isFile() && INCLUDED.has(extname(name).toLowerCase()) && st.size > 0 && st.size <= MAX_FILE_BYTES && !generatedByName(name)) {
        if (st.size >= SNIFF_FROM_BYTES && sniffGenerated(path, st.size)) continue;
        out.push({ from: path, rel: join(label, rel, name) });
      }
    }
  };
  walk(base, '');
  return out;
}

let distinctFiles: SourceFile[] | undefined;

/** Every distinct indexable source file on this machine, the roots taken in turn (one of each, then the next of each). */
export function distinctSources(): SourceFile[] {
  if (distinctFiles) return distinctFiles;
  const lists = SOURCE_ROOTS.filter((r) => existsSync(r)).map((r, i) => listSources(`source${i}`, r));
  const seen = new Set<string>();
  const out: SourceFile[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) {
    for (const list of lists) {
      const f = list[i];
      if (!f) continue;
      const hash = createHash('sha1').update(readFileSync(f.from)).digest('hex');
      if (seen.has(hash)) continue;
      seen.add(hash);
      out.push(f);
    }
  }
  distinctFiles = out;
  return out;
}

export interface SourceTree {
  root: string;
  files: number;
  /** How many of them are distinct sources; the rest are copies of these under copy<n>/. */
  distinct: number;
}

/** A new temp folder (`prefix`…) of `count` files: the first distinct sources, then cycled copies. */
export function sourceTree(count: number, prefix: string): SourceTree {
  const sources = distinctSources();
  if (sources.length === 0) throw new Error(`no source files under ${SOURCE_ROOTS.join(', ')}`);
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (let i = 0; i < count; i++) {
    const { from, rel } = sources[i % sources.length]!;
    const round = Math.floor(i / sources.length);
    const to = join(root, round === 0 ? rel : join(`copy${round}`, rel));
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
  return { root, files: count, distinct: Math.min(count, sources.length) };
}
