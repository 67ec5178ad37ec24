// The attached marker (READING-NOTES §"The attached marker"): a small JSON file in the
// user's metabob directory, named by a hash of the workspace's real path, so the edit-check
// hook finds the server working on a directory from its own working directory. Written once
// the workspace is decided (and for the launch directory too when that differs, SPEC
// §Workspace), rewritten when the workspace moves, removed on clean shutdown; a stale one is
// recognised by its dead pid. A plugin folder never gets one.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { makeOwnerOnly, metabobHome } from '../config/metabob-home.ts';
import { log } from '../log.ts';
import { realPathOrSelf } from '../process/real-path.ts';

export interface AttachedMarker {
  workspace: string;
  pid: number;
  session_id: string;
  vessel_id: string | null;
  attached: boolean;
  written_at: string;
}

export function markersDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(metabobHome(env), 'markers');
}

/** Where the marker for a directory lives: `<metabob dir>/markers/<16 hex of sha256(real path)>.json`. */
export function markerPathFor(directory: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256').update(realPathOrSelf(directory)).digest('hex').slice(0, 16);
  return join(markersDir(env), `${hash}.json`);
}

/** A marker whose server is alive, or undefined (missing, unreadable, or a dead pid). */
export function liveMarkerFor(directory: string): AttachedMarker | undefined {
  return liveMarkerAt(markerPathFor(directory));
}

/** Most directories the edit check walks up from an edited file: deeper trees stop there. */
const MARKER_WALK_LEVELS = 64;

/**
 * The live marker of the nearest directory holding `path` (READING-NOTES §"the edit check"):
 * the file's directory, then each parent up to the file-system root.
 */
export function liveMarkerAbove(path: string, env: NodeJS.ProcessEnv = process.env): AttachedMarker | undefined {
  let dir = dirname(path);
  for (let level = 0; level < MARKER_WALK_LEVELS; level++) {
    const marker = liveMarkerAt(markerPathFor(dir, env));
    if (marker) return marker;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}

function liveMarkerAt(markerPath: string): AttachedMarker | undefined {
  try {
    const marker = JSON.parse(readFileSync(markerPath, 'utf8')) as AttachedMarker;
    process.kill(marker.pid, 0);
    return marker;
  } catch {
    return undefined;
  }
}

/** Who writes the markers: this session, and the vessel id its author has for a workspace. */
export interface MarkerAuthor {
  sessionId: string;
  vesselIdFor(workspace: string): string | undefined;
}

/** The markers this session wrote, by path, so a move or shutdown removes exactly those. */
export class AttachedMarkers {
  private readonly written = new Set<string>();

  constructor(
    private readonly author: MarkerAuthor,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  private writeOne(directory: string, workspace: string, attached: boolean): void {
    const path = markerPathFor(directory, this.env);
    const marker: AttachedMarker = {
      workspace,
      pid: process.pid,
      session_id: this.author.sessionId,
      vessel_id: this.author.vesselIdFor(workspace) ?? null,
      attached,
      written_at: new Date().toISOString(),
    };
    mkdirSync(markersDir(this.env), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(marker) + '\n', { mode: 0o600 });
    const loose = makeOwnerOnly(tmp);
    if (loose) log.warn(loose);
    renameSync(tmp, path);
    this.written.add(path);
  }

  /**
   * Writes the markers for a decided workspace (and the launch directory when it differs),
   * removing those this session wrote for any other place. Never throws.
   */
  write(workspace: string, launchDir: string, attached: boolean, inPluginFolder: (path: string) => boolean): void {
    try {
      const targets = [workspace, launchDir].filter((dir, i, all) => all.indexOf(dir) === i && !inPluginFolder(dir));
      const keep = new Set(targets.map((dir) => markerPathFor(dir, this.env)));
      for (const path of [...this.written]) if (!keep.has(path)) this.removeOne(path);
      for (const dir of targets) this.writeOne(dir, workspace, attached);
    } catch (err) {
      log.warn(`attached marker could not be written (${(err as Error).message}); the edit check will not find this server`);
    }
  }

  /** Clean shutdown removes every marker this session wrote. */
  removeAll(): void {
    for (const path of [...this.written]) this.removeOne(path);
  }

  private removeOne(path: string): void {
    removeOwnMarker(path);
    this.written.delete(path);
  }
}

function removeOwnMarker(path: string): void {
  try {
    const marker = JSON.parse(readFileSync(path, 'utf8')) as AttachedMarker;
    // Another server may have taken the place since: only our own marker is ours to remove.
    if (marker.pid === process.pid) rmSync(path, { force: true });
  } catch {
    // gone already
  }
}
