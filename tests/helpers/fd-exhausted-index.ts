// Run by tests/unit/index-fd-exhaustion-layers.test.ts as a child process. It loads the parser,
// then lowers its own descriptor limit below what it holds (prlimit(1)), so every new open fails
// with EMFILE, and reports as one JSON line what each indexing layer did: an index run whose
// descriptors ran out between its scan and its extraction, then, with none free, the workspace
// scan, the in-thread extraction, and a whole run.
import { execFileSync } from 'node:child_process';
import { scanWorkspace, normalizeExtensions, DEFAULT_EXCLUDE } from '../../core/index/scan-workspace.ts';
import { extractFiles } from '../../core/index/extract/index.ts';
import { LocalIndex } from '../../core/index/local-index.ts';

const [root, prlimit] = process.argv.slice(2) as [string, string];
const include = normalizeExtensions(undefined);
const files = scanWorkspace(root, include, DEFAULT_EXCLUDE).files.map((f) => f.file);
// The parser and its grammar load now, while descriptors are free.
const warm = await extractFiles(root, files, { workers: 0 });

/** Only stdio fits under a limit of 3; the limit is never raised again in this process. */
function exhaustDescriptors(): void {
  const hard = execFileSync(prlimit, ['--pid', String(process.pid), '--nofile', '--raw', '--noheadings', '--output=HARD'])
    .toString()
    .trim();
  execFileSync(prlimit, ['--pid', String(process.pid), `--nofile=3:${hard}`]);
}

function outcome(fn: () => unknown): unknown {
  try {
    return { returned: fn() };
  } catch (err) {
    return { threw: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
}
async function settled(p: Promise<unknown>): Promise<unknown> {
  try {
    return { returned: await p };
  } catch (err) {
    return { threw: (err as NodeJS.ErrnoException).code ?? String(err) };
  }
}

const midRun = await new LocalIndex(root).run({
  extract: (r, f, o) => {
    exhaustDescriptors();
    return extractFiles(r, f, { ...o, workers: 0 });
  },
});
const report = {
  warm: warm.map((e) => e.file),
  midRun,
  scan: outcome(() => scanWorkspace(root, include, DEFAULT_EXCLUDE).files.length),
  extract: await settled(extractFiles(root, files, { workers: 0 }).then((batch) => batch.map((e) => e.error ?? 'ok'))),
  run: await new LocalIndex(root).run({ extract: (r, f, o) => extractFiles(r, f, { ...o, workers: 0 }) }),
};
process.stdout.write(JSON.stringify(report) + '\n');
