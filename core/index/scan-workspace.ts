// SPEC §init_workspace behaviour 1: which files the index holds. Included extensions outside
// excluded and dot-directories, at most 2000 files of at most 200 KB each. The walk is sorted,
// so the same tree always yields the same file set and the same cap cut.
import { readdirSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

export const DEFAULT_INCLUDE = ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'py'];
export const DEFAULT_EXCLUDE = ['node_modules', '.git', 'dist', 'build', '.next', '.nuxt', 'coverage', '.turbo', '.cache', '__pycache__', '.venv', 'venv', 'vendor'];
export const MAX_FILES = 2000;
export const MAX_FILE_BYTES = 200 * 1024;

export interface ScannedFile {
  file: string;
  size: number;
  mtimeMs: number;
}

export interface ScanResult {
  files: ScannedFile[];
  /** Files over 200 KB, not parsed. */
  tooLarge: string[];
  /** Files past the 2000-file cap, not parsed. */
  overCap: string[];
}

export function normalizeExtensions(include: string[] | undefined): string[] {
  return (include && include.length > 0 ? include : DEFAULT_INCLUDE).map((e) => (e.startsWith('.') ? e : `.${e}`).toLowerCase());
}

export function scanWorkspace(root: string, include: string[], exclude: string[]): ScanResult {
  const extensions = new Set(include);
  const skipDirs = new Set(exclude);
  const candidates: ScannedFile[] = [];
  const tooLarge: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.') || skipDirs.has(entry.name)) continue;
        walk(join(dir, entry.name), relPath);
      } else if (entry.isFile()) {
        const dot = entry.name.lastIndexOf('.');
        if (dot <= 0 || !extensions.has(entry.name.slice(dot).toLowerCase())) continue;
        let st;
        try {
          st = statSync(join(dir, entry.name));
        } catch {
          continue;
        }
        if (st.size > MAX_FILE_BYTES) tooLarge.push(relPath);
        else candidates.push({ file: relPath, size: st.size, mtimeMs: st.mtimeMs });
      }
    }
  };
  walk(root, '');
  return { files: candidates.slice(0, MAX_FILES), tooLarge, overCap: candidates.slice(MAX_FILES).map((f) => f.file) };
}
