// SPEC §workspace: which directory is the workspace, decided in four steps, with the
// plugin-folder gate. One state per process; the MCP plane feeds it the client's roots.
import { realpathSync, statSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { log } from '../log.ts';

export type WorkspaceSource = 'init_workspace' | 'WORKSPACE_PATH' | 'roots' | 'launch_directory';

export type WorkspaceDecision =
  | {
      decided: true;
      path: string;
      source: WorkspaceSource;
      /** Further file: roots the client sent, beyond the first. */
      otherRoots: string[];
      projectId: string;
      projectName: string;
    }
  | { decided: false; refusal: string; otherRoots: string[] };

const ROOTS_WAIT_MS = 2000;

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
}

function isInside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** A stable, readable project id for `_meta.project_id`: `w:<12 hex of the real path>`. */
export function projectIdFor(path: string): string {
  return 'w:' + createHash('sha256').update(path).digest('hex').slice(0, 12);
}

export function undeterminedLine(pluginRoot: string): string {
  return (
    `workspace_undetermined: the server was started in its plugin folder (${pluginRoot}) with no roots and no WORKSPACE_PATH; ` +
    'call init_workspace with {"workspace_path": "<the project\'s absolute path>"} first'
  );
}

type ChangeListener = (decision: WorkspaceDecision) => void;

export class WorkspaceState {
  readonly launchDir: string;
  readonly pluginRoot: string | undefined;
  private initPath: string | undefined;
  private roots: string[] | undefined;
  private rootsPending: Promise<void> | undefined;
  private rootsAskedAt = 0;
  private listeners: ChangeListener[] = [];
  private lastKey = '';

  constructor(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()) {
    this.launchDir = realOrSelf(cwd);
    this.pluginRoot = env.PLUGIN_ROOT ? realOrSelf(env.PLUGIN_ROOT) : undefined;
    this.env = env;
  }
  private env: NodeJS.ProcessEnv;

  /** True when a path is the plugin's own folder or inside it (SPEC §workspace `workspace-gate`). */
  // @anchor workspace-gate
  inPluginFolder(path: string): boolean {
    return this.pluginRoot !== undefined && isInside(realOrSelf(path), this.pluginRoot);
  }

  /**
   * Starts (or restarts, on roots/list_changed) reading the client's roots. Tool calls wait
   * for the first answer at most 2 s.
   */
  expectRoots(fetchRoots: () => Promise<string[]>): void {
    this.rootsAskedAt = Date.now();
    const pending = fetchRoots()
      .then((uris) => {
        this.roots = uris.filter((u) => u.startsWith('file:')).map((u) => realOrSelf(fileURLToPath(u)));
        this.emitIfChanged();
      })
      .catch((err) => {
        log.debug('roots/list failed:', err);
        this.roots = this.roots ?? [];
      })
      .finally(() => {
        if (this.rootsPending === pending) this.rootsPending = undefined;
      });
    this.rootsPending = pending;
  }

  /**
   * init_workspace's path (step 1). Returns a refusal line, or undefined when bound.
   * A relative path resolves against the launch directory.
   */
  bindInitPath(given: string): string | undefined {
    const path = resolve(this.launchDir, given);
    if (!isDirectory(path)) return `invalid_workspace_path: ${given} is not an existing directory; pass the project's absolute path`;
    if (this.inPluginFolder(path)) {
      return `workspace_undetermined: ${given} is the plugin's own folder (${this.pluginRoot}), not a project; pass the project's absolute path`;
    }
    this.initPath = path;
    this.emitIfChanged();
    return undefined;
  }

  /** The decision without waiting for roots (headless planes, and /health). */
  // @anchor activeWorkspacePath
  decideNow(): WorkspaceDecision {
    const fileRoots = this.roots ?? [];
    const pick = (path: string, source: WorkspaceSource, otherRoots: string[]): WorkspaceDecision => ({
      decided: true,
      path,
      source,
      otherRoots,
      projectId: projectIdFor(path),
      projectName: basename(path),
    });
    if (this.initPath) return pick(this.initPath, 'init_workspace', fileRoots);
    const envPath = this.env.WORKSPACE_PATH;
    if (envPath) return pick(resolve(envPath), 'WORKSPACE_PATH', fileRoots);
    if (fileRoots.length > 0) return pick(fileRoots[0], 'roots', fileRoots.slice(1));
    if (this.pluginRoot && this.inPluginFolder(this.launchDir)) {
      return { decided: false, refusal: undeterminedLine(this.pluginRoot), otherRoots: [] };
    }
    return pick(this.launchDir, 'launch_directory', []);
  }

  /** The decision, waiting for the client's first roots answer at most 2 s. */
  async decide(): Promise<WorkspaceDecision> {
    if (this.rootsPending && !this.initPath && !this.env.WORKSPACE_PATH) {
      const left = ROOTS_WAIT_MS - (Date.now() - this.rootsAskedAt);
      if (left > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([this.rootsPending, new Promise((r) => (timer = setTimeout(r, left)))]);
        clearTimeout(timer);
      }
    }
    return this.decideNow();
  }

  /** Called when the decision moves (store scope, attached marker). */
  onChange(listener: ChangeListener): void {
    this.listeners.push(listener);
  }

  private emitIfChanged(): void {
    const decision = this.decideNow();
    const key = decision.decided ? decision.path : '';
    if (key === this.lastKey) return;
    this.lastKey = key;
    for (const listener of this.listeners) {
      try {
        listener(decision);
      } catch (err) {
        log.warn('workspace listener failed:', err);
      }
    }
  }
}
