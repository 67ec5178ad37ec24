// The local index's lifecycle (SPEC §init_workspace): scan, parse within a budget, resolve,
// re-index incrementally, and the parser's load failure. One index per process.
//
// @anchor index-not-persisted
// SPEC §init_workspace: the graph lives in this process only and is rebuilt by init_workspace
// after every launch. Within a process a later init_workspace re-parses only files whose size
// or mtime changed and drops deleted ones, then re-runs the whole resolution pass over the
// cached per-file extractions: ids embed start lines, so edges are never patched in place, and
// the graph is identical to a fresh full index (tests/unit/graph-incremental.test.ts).
// Across launches only extractions persist (extraction-cache.ts): the first run takes a file's
// cached extraction when its bytes hash the same, and resolution still runs over every file.
import { readFileSync } from 'node:fs';
import { StallMonitor } from './stall-monitor.ts';
import { basename, join } from 'node:path';
import type { FileExtraction } from './extract-types.ts';
import type { CodeGraph } from './graph-types.ts';
import { buildGraphInSlices } from './build-graph.ts';
import { countGraphInSlices } from './graph-counts.ts';
import { SlicesAborted, TimeSlicer } from './extract/time-slices.ts';
import { newResolutionCache } from './resolution-cache.ts';
import { ModuleResolver } from './module-resolver.ts';
import { readTsPaths } from './tsconfig-paths.ts';
import { readWorkspacePackages } from './workspace-packages.ts';
import {
  DEFAULT_EXCLUDE,
  normalizeExtensions,
  scanWorkspaceInSlices,
  type DirectoryCache,
  type ScannedFile,
  type ScanResult,
  type SniffCache,
} from './scan-workspace.ts';
import { chooseUnderCap } from './file-cap.ts';
import { maxFiles } from './index-caps.ts';
import { noUnreadableNames } from './unreadable-names.ts';
import { loadExtractor, parserFailureLine, prewarmExtractor, releasePrewarmed } from './extractor-port.ts';
import { cacheable, type ExtractionCache } from './extraction-cache.ts';
import { contentHashOf } from './extract/content-hash.ts';
import { IndexSnapshot, type Staleness } from './freshness.ts';
import { descriptorsExhausted, fdExhaustionCode } from './fd-exhaustion.ts';
import { CancelledRuns } from './cancelled-runs.ts';
import { fdExhausted, INDEX_BUDGET_MS, type CachedFile, type IndexOptions, type IndexRunResult, type PartialFile, type SkippedFiles } from './index-run.ts';
import { log } from '../log.ts';

/**
 * The least the parse leaves of a call's budget for the resolution after it, which resolves every
 * file the parse adds: measured on node_modules of this project (7,519 files, a loaded 2-core
 * machine), a cold call spent about 4 s after its 20 s parse: the scan and resolving ~200 files.
 */
const RESOLVE_RESERVE_MIN_MS = 3_000;

export class LocalIndex {
  private readonly cache = new Map<string, CachedFile>();
  private pendingFiles: string[] = [];
  private graphValue: CodeGraph | undefined;
  private readonly resolutionCache = newResolutionCache();
  private lastScan: SkippedFiles = { tooLarge: [], overCap: [], generated: [], unreadable: noUnreadableNames(), cap: maxFiles() };
  private readonly sniffs: SniffCache = new Map();
  /** Directory listings of this root, whatever include/exclude say (they pick among them). */
  private directories: DirectoryCache | undefined;
  include: string[] = normalizeExtensions(undefined);
  exclude: string[] = DEFAULT_EXCLUDE;
  /** What the disk cache holds for this root as far as this process knows: file -> content hash. */
  private onDisk: Map<string, string> | undefined;
  private saveTimer: NodeJS.Timeout | undefined;
  private snapshot: IndexSnapshot | undefined;
  /** The last resolution's cost per file in this process, for the next run's reserve; 0 until one ran. */
  private resolveMsPerFile = 0;
  private readonly cancels = new CancelledRuns();

  /** `diskCache`: the warm-start cache (extraction-cache.ts); absent, every launch indexes cold. */
  constructor(
    readonly root: string,
    private readonly diskCache?: ExtractionCache,
  ) {}

  get graph(): CodeGraph | undefined {
    return this.graphValue;
  }

  /** The last run was cancelled: how many files it had parsed (with any cancelled run's before it) of how many. */
  get cancelledRun(): { parsed: number; total: number } | undefined {
    return this.cancels.last;
  }

  /** Files whose extraction reported an error (unreadable, or the parser gave up). */
  parseFailures(): string[] {
    return [...this.cache.values()].filter((c) => c.extraction.error).map((c) => c.extraction.file);
  }

  /** Files parsed in part, in path order (every indexed file, not only this run's). */
  partial(): PartialFile[] {
    const out: PartialFile[] = [];
    for (const c of this.cache.values()) if (c.extraction.unparsed) out.push({ file: c.extraction.file, lines: c.extraction.unparsed.lines });
    return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  }

  skipped(): SkippedFiles & { pending: string[] } {
    return { ...this.lastScan, pending: [...this.pendingFiles] };
  }

  has(file: string): boolean {
    return this.cache.has(file);
  }

  extractions(): FileExtraction[] {
    return [...this.cache.values()].map((c) => c.extraction);
  }

  async run(options: IndexOptions = {}): Promise<IndexRunResult> {
    const started = performance.now();
    const deadline = Math.min(options.deadline ?? Number.POSITIVE_INFINITY, Date.now() + (options.budgetMs ?? INDEX_BUDGET_MS));
    // The work on this thread (the scan, reading the warm start's files, the resolution) lets
    // requests in between slices: SPEC §init_workspace, the server answers while it indexes.
    // The first slice starts now, so the scan counts toward it. A cancel ends the run at the
    // next slice boundary.
    const slicer = new TimeSlicer(undefined, options.signal);
    // What a request waited at worst during the run, whatever held the thread (SPEC
    // §init_workspace: every `ping` within 100 ms): for the bench, and the debug log.
    const stalls = new StallMonitor();
    stalls.start();
    try {
      const result = await this.runInSlices(options, started, deadline, slicer);
      if (result.ok) {
        const main = result.report.mainThread;
        main.longestStallMs = stalls.stop();
        log.debug(
          `index: longest main-thread stall ${main.longestStallMs.toFixed(0)} ms; slices: longest ${main.longestSliceMs.toFixed(0)} ms, ${main.pauses} pauses`,
        );
      }
      return result;
    } catch (err) {
      if (err instanceof SlicesAborted) return this.cancels.cancel(new Map(), 0);
      throw err;
    } finally {
      stalls.stop();
      // Workers started ahead of the scan that extracted nothing would hold the process up to their standby end.
      releasePrewarmed();
    }
  }

  private async runInSlices(options: IndexOptions, started: number, deadline: number, slicer: TimeSlicer): Promise<IndexRunResult> {
    const signal = options.signal;
    // Before anything loads: without a descriptor a dynamic import fails as "Cannot find
    // module", which would read as a parser that cannot load, for the rest of the process.
    const exhausted = descriptorsExhausted(this.root);
    if (exhausted) return fdExhausted(exhausted, 'opening the workspace');
    // SPEC §init_workspace: include and exclude left out are their defaults, never the last call's sets.
    const include = normalizeExtensions(options.include);
    const exclude = options.exclude ?? DEFAULT_EXCLUDE;
    // The directory cache starts on a re-scan: a first scan would pay a stat per directory for it.
    const directories = this.directories;
    this.directories ??= new Map();
    const stored = this.onDisk === undefined ? await this.diskCache?.load(this.root) : undefined;
    if (stored) this.onDisk = new Map([...stored.entries.values()].map((e) => [e.file, e.contentHash!]));
    // A first run parses every file (unless the cache has them): its workers start before the
    // scan, so they boot meanwhile.
    const found = this.cache.size === 0 && !options.extract && !stored?.entries.size ? await prewarmExtractor(options.yieldToServer ?? true) : undefined;
    let scan: ScanResult;
    const scanStarted = performance.now();
    try {
      scan = await scanWorkspaceInSlices(this.root, include, exclude, slicer, directories, this.sniffs, found);
    } catch (err) {
      const fd = fdExhaustionCode(err);
      if (fd) return fdExhausted(fd, "listing the workspace's directories");
      throw err;
    }
    const scanMs = performance.now() - scanStarted;
    const cap = maxFiles();
    const tracked = scan.files.length > cap ? await options.trackedFiles?.() : undefined;
    const { kept, overCap } = chooseUnderCap(scan.files, cap, tracked, new Set(options.recent ?? []));
    const current = new Map<string, ScannedFile>(kept.map((f) => [f.file, f]));

    // Nothing below touches this index's files or graph until the run commits: a cancelled run
    // leaves the previous run's graph, and every answer read from it, as they were.
    const removedFiles = [...this.cache.keys()].filter((file) => !current.has(file));
    const resumedFrom = this.pendingFiles.filter((f) => current.has(f)).length;
    const taken = new Map<string, CachedFile>();
    let fromCache = 0;
    const toParse: string[] = [];
    for (const f of kept) {
      if (slicer.due()) await slicer.pause();
      const cached = this.cache.get(f.file);
      if (cached && cached.size === f.size && cached.mtimeMs === f.mtimeMs) continue;
      // Parsed by a cancelled run, and unchanged since: not parsed again.
      const ahead = this.cancels.unchanged(f.file, f.size, f.mtimeMs);
      if (ahead) {
        taken.set(f.file, ahead);
        continue;
      }
      const warm = stored?.entries.get(f.file);
      if (!cached && warm && this.sameContent(f.file, warm.contentHash!)) {
        taken.set(f.file, { size: f.size, mtimeMs: f.mtimeMs, extraction: warm });
        fromCache++;
        continue;
      }
      toParse.push(f.file);
    }
    const parsedAhead = taken.size - fromCache;

    const parseStarted = performance.now();
    let extractions: FileExtraction[] = [];
    if (toParse.length > 0) {
      const extract = options.extract ?? (await loadExtractor());
      await slicer.maybePause();
      if (typeof extract === 'string') {
        const fd = fdExhaustionCode(extract) ?? descriptorsExhausted(this.root);
        return fd ? fdExhausted(fd, 'loading the parser') : { ok: false, cause: extract };
      }
      let done = 0;
      try {
        // Progress counts the files this run parses: those the scan found new or changed, never
        // the file cap nor the files kept from the last run or the warm-start cache.
        extractions = await extract(this.root, toParse, {
          onFileDone: () => options.onProgress?.(++done, toParse.length),
          signal,
          deadline: this.parseDeadline(deadline),
          sizes: current,
          slicer,
          yieldToServer: options.yieldToServer,
        });
        // The budget stopped the hand-out: this run parsed `done`, which is its total now (the
        // rest resume on the next call), so a client's progress ends where the run did.
        if (done > 0 && done < toParse.length && !signal?.aborted) options.onProgress?.(done, done);
      } catch (err) {
        if (err instanceof SlicesAborted) return this.cancels.cancel(taken, toParse.length);
        // Before the parser's line: a grammar that could not be read for want of a descriptor
        // is not a grammar that cannot load (that would disable the index for the process).
        const line = parserFailureLine(err);
        const fd = fdExhaustionCode(err) ?? (line ? descriptorsExhausted(this.root) : undefined);
        if (fd) return fdExhausted(fd, line ? 'loading the parser' : 'reading the files to parse');
        if (line) return { ok: false, cause: line };
        throw err;
      }
    }
    const parseMs = performance.now() - parseStarted;
    const parsed = new Map<string, CachedFile>();
    for (const extraction of extractions) {
      const stat = current.get(extraction.file);
      if (stat) parsed.set(extraction.file, { size: stat.size, mtimeMs: stat.mtimeMs, extraction });
    }
    if (signal?.aborted) return this.cancels.cancel(new Map([...taken, ...parsed]), toParse.length + parsedAhead);

    // Resolution reads tsconfig.json and package.json files, taking an unreadable one as
    // absent: without a descriptor it would resolve the whole graph without their paths.
    const unresolvable = descriptorsExhausted(this.root);
    if (unresolvable) return fdExhausted(unresolvable, 'reading tsconfig.json and package.json files to resolve imports');
    const resolveStarted = performance.now();
    // The files the graph is resolved over: the last run's, less what is gone or changed, plus this run's.
    const files = new Map(this.cache);
    for (const file of removedFiles) files.delete(file);
    for (const file of toParse) files.delete(file);
    for (const [file, entry] of taken) files.set(file, entry);
    for (const [file, entry] of parsed) files.set(file, entry);
    let graph: CodeGraph;
    try {
      const resolver = new ModuleResolver(files.keys(), readTsPaths(this.root), basename(this.root), readWorkspacePackages(this.root));
      graph = await buildGraphInSlices(
        [...files.values()].map((c) => c.extraction),
        resolver,
        slicer,
        this.resolutionCache,
      );
      await countGraphInSlices(graph, slicer);
    } catch (err) {
      if (err instanceof SlicesAborted) return this.cancels.cancel(new Map([...taken, ...parsed]), toParse.length + parsedAhead);
      throw err;
    }
    const resolveMs = performance.now() - resolveStarted;

    // The run commits: its files, scan and graph replace the last run's at once.
    this.cache.clear();
    for (const [file, entry] of files) this.cache.set(file, entry);
    this.cancels.clear();
    this.pendingFiles = toParse.filter((f) => !parsed.has(f));
    this.include = include;
    this.exclude = exclude;
    this.lastScan = { tooLarge: scan.tooLarge, overCap, generated: scan.generated, unreadable: scan.unreadable, cap };
    this.graphValue = graph;
    if (this.cache.size > 0) this.resolveMsPerFile = resolveMs / this.cache.size;
    this.snapshot = new IndexSnapshot(this.root, this.cache, this.include, this.exclude);
    this.scheduleSave();

    return {
      ok: true,
      report: {
        scanned: kept.length,
        parsed: parsed.size + parsedAhead,
        reused: this.cache.size - parsed.size - taken.size,
        removed: removedFiles.length,
        pending: this.pendingFiles.length,
        resumedFrom,
        tooLarge: scan.tooLarge,
        overCap,
        generated: scan.generated,
        ms: performance.now() - started,
        scanMs,
        parseMs,
        resolveMs,
        partial: this.partial(),
        mainThread: { longestSliceMs: slicer.longestSliceMs, pauses: slicer.pauses, longestStallMs: 0 },
        extractionCache: stored && this.diskCache ? { dir: this.diskCache.dir, fromCache, cause: stored.cause } : undefined,
      },
    };
  }

  /**
   * When the parse stops: before the call's deadline by what resolving the files already parsed
   * cost last time (at least RESOLVE_RESERVE_MIN_MS for the files this parse adds), but never
   * more than half of the time left, so a call always parses something.
   */
  private parseDeadline(deadline: number): number {
    const left = deadline - Date.now();
    if (!Number.isFinite(left)) return deadline;
    const reserve = Math.max(RESOLVE_RESERVE_MIN_MS, this.resolveMsPerFile * this.cache.size);
    return deadline - Math.min(reserve, Math.max(0, left) / 2);
  }

  /** By stat only: which of `covered` changed or are gone since this index was built, and what was added beside it. */
  staleness(covered: Iterable<string>): Staleness {
    if (!this.snapshot) return { changed: [], deleted: [], added: [] };
    const stale = this.snapshot.check(covered);
    // A file the scan left out on purpose (a cap, generated) is not new: it is said as not indexed.
    const { tooLarge, overCap, generated } = this.lastScan;
    const known = new Set([...tooLarge, ...overCap, ...generated.map((g) => g.file)]);
    return known.size ? { ...stale, added: stale.added.filter((f) => !known.has(f)) } : stale;
  }

  /** Whether the file's bytes on disk hash to `hash`; unreadable is no (the extractor reports it). */
  private sameContent(file: string, hash: string): boolean {
    try {
      return contentHashOf(readFileSync(join(this.root, file))) === hash;
    } catch {
      return false;
    }
  }

  /**
   * Writes the cache when its entries differ from what is on disk, after this turn: the reply
   * to init_workspace goes first (~30 ms on Django). The timer holds the process open, so
   * `metabob-mcp index` writes it before it exits. A failed write logs, and the next run's save tries again.
   */
  private scheduleSave(): void {
    const cache = this.diskCache;
    if (!cache || !this.onDisk) return;
    const current = this.extractions().filter(cacheable);
    const onDisk = this.onDisk;
    if (current.length === onDisk.size && current.every((e) => onDisk.get(e.file) === e.contentHash)) return;
    const written = new Map(current.map((e) => [e.file, e.contentHash!]));
    this.onDisk = written;
    // A write that failed leaves the file as it was, so the next run's save tries again.
    const notWritten = (why: string) => {
      log.debug(`extraction cache not written: ${why}`);
      if (this.onDisk === written) this.onDisk = onDisk;
    };
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => {
      void cache.save(this.root, current).then(
        (failed) => failed && notWritten(failed),
        (err: Error) => notWritten(err.message),
      );
    }, 0);
  }
}
