// SPEC §workspace: which directory is the workspace, decided in four steps, with the
// plugin-folder gate. One state per process; the MCP plane feeds it the client's roots.
import { statSync } from 'node:fs';
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { log } from '../log.ts';
import { cause, type Cause } from '../process/cause.ts';
import { realPathOrSelf } from '../process/real-path.ts';

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
  | {
      decided: false;
      refusal: string;
      /** What an agent acts on in the refusal's notice: the plugin folder and the launch directory. */
      refusalData: { plugin_root: string; launch_directory: string };
      otherRoots: string[];
    };

const ROOTS_WAIT_MS = 2000;

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

/**
 * The real paths of a roots/list answer's `file:` roots, in order (SPEC §workspace: roots of
 * other schemes are not workspaces). A `file:` URI that names no local path is skipped too.
 */
export function fileRootPaths(uris: unknown[]): string[] {
  const paths: string[] = [];
  for (const uri of uris) {
    if (typeof uri !== 'string' || !uri.startsWith('file:')) continue;
    try {
      paths.push(realPathOrSelf(resolve(fileURLToPath(uri))));
    } catch (err) {
      log.debug(`root ${uri.slice(0, 200)} names no local path:`, (err as Error).message);
    }
  }
  return paths;
}

type ChangeListener = (decision: WorkspaceDecision) => void;

export class WorkspaceState {
  readonly launchDir: string;
  readonly pluginRoot: string | undefined;
  private initPath: string | undefined;
  /** Where the bound path came from: init_workspace's own path, or the decision init_workspace {} kept. */
  private initSource: WorkspaceSource = 'init_workspace';
  private roots: string[] | undefined;
  private rootsPending: Promise<void> | undefined;
  private rootsAskedAt = 0;
  private listeners: ChangeListener[] = [];
  private lastKey = '';

  constructor(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()) {
    this.launchDir = realPathOrSelf(resolve(cwd));
    this.pluginRoot = env.PLUGIN_ROOT ? realPathOrSelf(resolve(env.PLUGIN_ROOT)) : undefined;
    this.env = env;
  }
  private env: NodeJS.ProcessEnv;

  /** True when a path is the plugin's own folder or inside it (SPEC §workspace `workspace-gate`). */
  // @anchor workspace-gate
  inPluginFolder(path: string): boolean {
    return this.pluginRoot !== undefined && isInside(realPathOrSelf(resolve(path)), this.pluginRoot);
  }

  /**
   * Starts (or restarts, on roots/list_changed) reading the client's roots. Tool calls wait
   * for the first answer at most 2 s.
   */
  expectRoots(fetchRoots: () => Promise<string[]>): void {
    this.rootsAskedAt = Date.now();
    const pending = fetchRoots()
      .then((uris) => {
        this.roots = fileRootPaths(uris);
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
   * init_workspace's path (step 1). Returns the refusal's cause, or undefined when bound.
   * A relative path resolves against the launch directory. `source` is where the path came
   * from when init_workspace {} keeps the workspace it was already in (SPEC §init_workspace
   * behaviour 2), so get_analysis_context still names that source.
   */
  bindInitPath(given: string, source: WorkspaceSource = 'init_workspace'): Cause | undefined {
    const path = resolve(this.launchDir, given);
    if (!isDirectory(path)) {
      return cause('invalid_workspace_path', `invalid_workspace_path: ${given} is not an existing directory; pass the project's absolute path`, {
        workspace_path: path,
      });
    }
    if (this.inPluginFolder(path)) {
      return cause(
        'workspace_undetermined',
        `workspace_undetermined: ${given} is the plugin's own folder (${this.pluginRoot}), not a project; pass the project's absolute path`,
        {
          workspace_path: path,
          plugin_root: this.pluginRoot,
        },
      );
    }
    this.initPath = path;
    this.initSource = source;
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
    // "Other roots" are the roots that are not the workspace itself.
    const others = (path: string) => fileRoots.filter((r) => r !== path);
    if (this.initPath) return pick(this.initPath, this.initSource, others(this.initPath));
    const envPath = this.env.WORKSPACE_PATH;
    if (envPath) return pick(resolve(envPath), 'WORKSPACE_PATH', others(resolve(envPath)));
    if (fileRoots.length > 0) return pick(fileRoots[0], 'roots', fileRoots.slice(1));
    if (this.pluginRoot && this.inPluginFolder(this.launchDir)) {
      return {
        decided: false,
        refusal: undeterminedLine(this.pluginRoot),
        refusalData: { plugin_root: this.pluginRoot, launch_directory: this.launchDir },
        otherRoots: [],
      };
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
