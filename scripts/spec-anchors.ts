// SPEC traceability (READING-NOTES §Layout): every `src/<file>.ts@<anchor>` the spec names
// must be marked `// @anchor <anchor>` in core/ (a `src/tools/<x>.ts@handle` in
// core/tools/<x>.ts), or be on the pending list, which may only shrink.
//   node --import tsx scripts/spec-anchors.ts           lists what is unmarked
//   node --import tsx scripts/spec-anchors.ts --prune   drops newly marked anchors from the list
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const PENDING_FILE = join(ROOT, 'tests/fixtures/pending-anchors.json');
/**
 * The spec's anchors as last read from SPEC.md, for a checkout with no shared/ beside it (a
 * clone elsewhere); where the spec is present, a test holds this list equal to it, and
 * `--prune` rewrites it.
 */
export const SPEC_ANCHORS_FILE = join(ROOT, 'tests/fixtures/spec-anchors.json');

/** SPEC.md beside the checkout, when it is there. */
export function specPath(): string | undefined {
  return [join(ROOT, '../shared/spec/SPEC.md'), join(ROOT, 'docs/spec/SPEC.md')].find((candidate) => existsSync(candidate));
}

/** The anchors SPEC.md names. */
export function anchorsInSpec(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...new Set([...text.matchAll(/src\/[A-Za-z0-9_./-]+\.ts@[A-Za-z0-9_-]+/g)].map((m) => m[0]))].sort();
}

/** The spec's anchors: from SPEC.md when it is beside the checkout, else from the recorded list. */
export function specAnchors(): string[] {
  const path = specPath();
  return path ? anchorsInSpec(path) : JSON.parse(readFileSync(SPEC_ANCHORS_FILE, 'utf8'));
}

function coreFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...coreFiles(path));
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** anchor name -> files (relative to core/) that mark it. */
export function markedAnchors(): Map<string, string[]> {
  const marks = new Map<string, string[]>();
  const coreDir = join(ROOT, 'core');
  for (const file of coreFiles(coreDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/@anchor ([A-Za-z0-9_-]+)/g)) {
      const list = marks.get(m[1]) ?? [];
      list.push(file.slice(coreDir.length + 1));
      marks.set(m[1], list);
    }
  }
  return marks;
}

export function isMarked(ref: string, marks: Map<string, string[]>): boolean {
  const [file, anchor] = ref.split('@');
  const where = marks.get(anchor) ?? [];
  if (anchor === 'handle') return where.includes(`tools/${basename(file)}`);
  return where.length > 0;
}

export function pendingAnchors(): string[] {
  return existsSync(PENDING_FILE) ? JSON.parse(readFileSync(PENDING_FILE, 'utf8')) : [];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const marks = markedAnchors();
  const unmarked = specAnchors().filter((ref) => !isMarked(ref, marks));
  if (process.argv.includes('--prune')) {
    const kept = pendingAnchors().filter((ref) => unmarked.includes(ref));
    writeFileSync(PENDING_FILE, JSON.stringify(kept, null, 2) + '\n');
    const path = specPath();
    if (path) writeFileSync(SPEC_ANCHORS_FILE, JSON.stringify(anchorsInSpec(path), null, 2) + '\n');
    process.stdout.write(`pending anchors: ${kept.length}\n`);
  } else if (process.argv.includes('--init')) {
    writeFileSync(PENDING_FILE, JSON.stringify(unmarked, null, 2) + '\n');
  } else {
    process.stdout.write(unmarked.join('\n') + `\n${unmarked.length} of ${specAnchors().length} spec anchors unmarked\n`);
  }
}
