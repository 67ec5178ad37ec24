// `metabob-mcp index [path] [--json] [--graph out.jsonl]`: builds the local index once, as
// init_workspace does but with no time budget, and prints its statistics (SPEC §init_workspace).
// A live progress line goes to stderr only when stderr is a terminal.
import { resolve } from 'node:path';
import { statSync } from 'node:fs';
import { routeConsoleToStderr } from '../log.ts';
import type { LocalIndex } from '../index/local-index.ts';
import { defineCommand, EXIT, UsageError } from './command.ts';
import { pipeWriter } from '../pipe-writer.ts';

function peakRssMb(): number {
  return Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
}

export const indexCommand = defineCommand({
  name: 'index',
  summary: 'build the local index once and print its statistics',
  args: '[path]',
  options: {
    json: { type: 'boolean', description: 'print the statistics and timings as one JSON object' },
    graph: { type: 'string', value: 'out.jsonl', description: 'also write the resolved graph as JSON lines (docs/graph-format.md)' },
  },
  async run({ flags, positionals }) {
    routeConsoleToStderr();
    if (positionals.length > 1) throw new UsageError(`index takes one path; got "${positionals[1]}" too`);
    const root = resolve(positionals[0] ?? process.cwd());
    let isDir = false;
    try {
      isDir = statSync(root).isDirectory();
    } catch {
      // reported below
    }
    if (!isDir) throw new UsageError(`${root} is not a directory`);

    const { LocalIndex } = await import('../index/local-index.ts');
    const { indexStats, statsLines } = await import('../index/index-report.ts');
    const { writeGraphJsonl } = await import('../index/graph-jsonl.ts');
    const { openExtractionCache } = await import('../services/warm-start-cache.ts');
    const { trackedFiles } = await import('../git/tracked-files.ts');
    const tty = Boolean(process.stderr.isTTY);
    let lastDraw = 0;
    const started = performance.now();
    const index = new LocalIndex(root, openExtractionCache(process.env));
    let result: Awaited<ReturnType<LocalIndex['run']>>;
    try {
      result = await index.run({
        budgetMs: Number.POSITIVE_INFINITY,
        yieldToServer: false,
        trackedFiles: () => trackedFiles(root),
        onProgress: (done, total) => {
          if (!tty) return;
          const now = Date.now();
          if (done !== total && now - lastDraw < 80) return;
          lastDraw = now;
          process.stderr.write(`\r\x1b[2Kindexing: parsed ${done} of ${total} files`);
        },
      });
    } catch (err) {
      result = { ok: false, cause: `index_failed: ${(err as Error).message.split('\n')[0]}` };
    }
    if (tty) process.stderr.write('\r\x1b[2K');
    if (!result.ok) {
      process.stderr.write(`metabob-mcp index: ${result.cause}\n`);
      return EXIT.failed;
    }
    const ms = performance.now() - started;
    const stats = indexStats(index);
    if (flags.graph !== undefined) await writeGraphJsonl(index.graph!, resolve(flags.graph));
    // Process-relative marks (performance.now() counts from the process's start), so a bench can
    // split a run into start-up, the index's phases, and what follows the output until exit.
    const timing = {
      start_ms: Math.round(started),
      total_ms: Math.round(ms),
      scan_ms: Math.round(result.report.scanMs),
      parse_ms: Math.round(result.report.parseMs),
      resolve_ms: Math.round(result.report.resolveMs),
      peak_rss_mb: peakRssMb(),
      // The whole process's, its workers' threads included.
      user_cpu_ms: Math.round(process.cpuUsage().user / 1000),
      from_cache: result.report.extractionCache?.fromCache ?? 0,
    };
    const out = flags.json
      ? JSON.stringify({ ...stats, timing }, null, 2)
      : [
          `Indexed ${root}: ${stats.files} files in ${(ms / 1000).toFixed(2)} s (parse ${timing.parse_ms} ms, resolve ${timing.resolve_ms} ms); peak memory ${timing.peak_rss_mb} MB RSS.`,
          ...statsLines(stats),
          ...(flags.graph !== undefined ? [`Graph written to ${resolve(flags.graph)} (format: docs/graph-format.md).`] : []),
        ].join('\n');
    await pipeWriter()(out + '\n');
    return EXIT.ok;
  },
});
