// `metabob-mcp configure` writes ~/.substrate/config.json (SPEC §Configuration: what the
// installer writes; ~/.metabob/config.json may be a symlink to it). It merges into what the
// file holds, never dropping other sections or other keys of the metabob section, and leaves
// the file mode 0600. A file that is not a JSON object is never overwritten.
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface MetabobValues {
  apiKey?: string;
  endpoint?: string;
  discoveryEndpoint?: string;
}

export function installerConfigPath(home: string): string {
  return join(home, '.substrate', 'config.json');
}

export type ExistingConfig =
  { ok: true; path: string; exists: boolean; content: Record<string, unknown>; metabob: Record<string, unknown> } | { ok: false; path: string; line: string };

export function readExistingConfig(path: string): ExistingConfig {
  if (!existsSync(path)) return { ok: true, path, exists: false, content: {}, metabob: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    return {
      ok: false,
      path,
      line: `config_unreadable(${path}): not valid JSON (${(err as Error).message}); nothing written: fix or move the file, then run configure again`,
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { ok: false, path, line: `config_unreadable(${path}): not a JSON object; nothing written: fix or move the file, then run configure again` };
  }
  const content = parsed as Record<string, unknown>;
  const section = content.metabob;
  const metabob = section && typeof section === 'object' && !Array.isArray(section) ? (section as Record<string, unknown>) : {};
  return { ok: true, path, exists: true, content, metabob };
}

/** The file's content with `values` merged into its metabob section. */
export function mergeMetabobSection(content: Record<string, unknown>, values: MetabobValues): Record<string, unknown> {
  const current = content.metabob && typeof content.metabob === 'object' && !Array.isArray(content.metabob) ? (content.metabob as Record<string, unknown>) : {};
  const given = Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v !== ''));
  return { ...content, metabob: { ...current, ...given } };
}

/** Writes atomically (temp file, then rename) with mode 0600; a symlinked path is written through. */
export function writeConfigFile(path: string, content: Record<string, unknown>): string {
  const target = existsSync(path) ? realpathSync(path) : path;
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const temp = `${target}.tmp-${process.pid}`;
  writeFileSync(temp, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
  chmodSync(temp, 0o600);
  renameSync(temp, target);
  return target;
}
