// SPEC §Configuration lookup and §Config-file schema: which config file is this server's,
// and what it says. Directory-aware like git: a project can pin its own backend next to
// where the MCP client launches the server.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { CONFIG_PATH_VARIABLES, type ConfigPathVariable, type ConfigVariable, type SkippedConfigFile } from './config-report.ts';
import { unusableReason, strippedLine } from './placeholders.ts';
import { realPathOrSelf } from '../process/real-path.ts';

/** The file the installer writes, and the one named to create when no file qualifies. */
export const INSTALLER_CONFIG_PATH = '~/.substrate/config.json';

/** The keys of the `metabob` (or legacy `instance`) section, and the variable each fills. */
export const FILE_KEYS: ReadonlyArray<{ key: string; variable: ConfigVariable; isEndpoint: boolean }> = [
  { key: 'apiKey', variable: 'METABOB_API_KEY', isEndpoint: false },
  { key: 'endpoint', variable: 'METABOB_ENDPOINT', isEndpoint: true },
  { key: 'vesselId', variable: 'VESSEL_ID', isEndpoint: false },
  { key: 'discoveryEndpoint', variable: 'DISCOVERY_ENDPOINT', isEndpoint: true },
  { key: 'identityEndpoint', variable: 'IDENTITY_ENDPOINT', isEndpoint: true },
];

/** One value the file gives, with the dotted key it was read from. */
export interface FileValue {
  variable: ConfigVariable;
  value: string;
  key: string;
  isEndpoint: boolean;
}

/**
 * Whose file it is. `project`: found in the launch directory, which a cloned repository can
 * supply; `user`: in the user's home (or the launch directory's file is the home's, by real
 * path); `named`: by SUBSTRATE_CONFIG_PATH / METABOB_CONFIG_PATH, which the user set.
 */
export type ConfigScope = 'named' | 'project' | 'user';

/** A qualifying project-local file, as the gate sees it before its values apply. */
export interface ProjectCandidate {
  path: string;
  realPath: string;
  /** sha256 of the exact bytes parsed, so what is trusted is what is read. */
  sha256: string;
  values: FileValue[];
}

/** Returns the one warning line refusing the file (the lookup then goes on past it), or null to use it. */
export type ProjectFileGate = (candidate: ProjectCandidate) => string | null;

export interface ConfigLookup {
  /** The file whose values apply, or null. */
  file: string | null;
  chosenBy: ConfigPathVariable | 'lookup' | null;
  scope: ConfigScope | null;
  values: FileValue[];
  /** Project-local files the gate refused, each with the endpoint keys it would have supplied. */
  refused: Array<{ path: string; endpointKeys: string[] }>;
  lookedAt: string[];
  skipped: SkippedConfigFile[];
  namedFileProblem: { path: string; namedBy: ConfigPathVariable; reason: string } | null;
  /** Warning lines: skipped files, a named file that could not be used, unusable values. */
  warnings: string[];
}

type ParsedFile =
  | { state: 'absent' }
  | { state: 'unusable'; reason: string }
  | { state: 'config'; section: Record<string, unknown>; legacy: Record<string, unknown> | null; sectionName: string; sha256: string };

function expandHome(path: string, home: string): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return path;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON.parse message can quote the file's text (and so a key); only its position is kept. */
function jsonProblem(err: unknown): string {
  const position = /position (\d+)/.exec((err as Error).message ?? '');
  return position ? `not valid JSON (at character ${position[1]})` : 'not valid JSON';
}

function parseConfigFile(path: string): ParsedFile {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { state: 'absent' };
    if (code === 'EISDIR') return { state: 'unusable', reason: 'a directory, not a file' };
    return { state: 'unusable', reason: `unreadable (${code ?? (err as Error).message})` };
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch (err) {
    return { state: 'unusable', reason: jsonProblem(err) };
  }
  if (!isObject(json)) return { state: 'unusable', reason: 'not a JSON object' };
  const metabob = json.metabob;
  const instance = json.instance;
  if (metabob !== undefined && !isObject(metabob)) return { state: 'unusable', reason: 'its "metabob" section is not an object' };
  if (metabob === undefined && instance !== undefined && !isObject(instance)) {
    return { state: 'unusable', reason: 'its legacy "instance" section is not an object' };
  }
  if (isObject(metabob)) return { state: 'config', section: metabob, legacy: isObject(instance) ? instance : null, sectionName: 'metabob', sha256 };
  if (isObject(instance)) return { state: 'config', section: instance, legacy: null, sectionName: 'instance', sha256 };
  return { state: 'unusable', reason: 'no top-level "metabob" section (another tool\'s config)' };
}

/**
 * The file's explicit keys. `metabob` wins key by key over a legacy `instance` section
 * beside it; unknown keys are ignored (passthrough). A placeholder, a non-string or an
 * empty value is never used.
 */
function fileValues(path: string, parsed: Extract<ParsedFile, { state: 'config' }>, warnings: string[]): FileValue[] {
  const values: FileValue[] = [];
  for (const { key, variable, isEndpoint } of FILE_KEYS) {
    const fromSection = parsed.section[key] !== undefined;
    const raw = fromSection ? parsed.section[key] : parsed.legacy?.[key];
    if (raw === undefined || raw === null) continue;
    const dotted = `${fromSection ? parsed.sectionName : 'instance'}.${key}`;
    if (typeof raw !== 'string') {
      warnings.push(`config_value_ignored(${path} ${dotted}): not a string; ignored`);
      continue;
    }
    const reason = unusableReason(raw);
    if (reason === 'empty') continue;
    if (reason) {
      warnings.push(strippedLine(`${path} ${dotted}`, raw, reason, 'it is never used as a key or an endpoint'));
      continue;
    }
    values.push({ variable, value: raw, key: dotted, isEndpoint });
  }
  return values;
}

/** How many of lookupCandidates are in the launch directory (the rest are the user's). */
const PROJECT_CANDIDATES = 2;

// @anchor config-lookup
/** The lookup order after the explicit variables: the launch directory, then the user's home. */
export function lookupCandidates(cwd: string, home: string): string[] {
  return [
    join(cwd, '.substrate', 'config.json'),
    join(cwd, '.metabob', 'config.json'),
    join(home, '.substrate', 'config.json'),
    join(home, '.metabob', 'config.json'),
  ];
}

// @anchor resolveConfigPath
/** The file named by SUBSTRATE_CONFIG_PATH, then METABOB_CONFIG_PATH, resolved against cwd and ~. */
export function resolveConfigPath(env: NodeJS.ProcessEnv, cwd: string, home: string): { path: string; namedBy: ConfigPathVariable } | null {
  for (const namedBy of CONFIG_PATH_VARIABLES) {
    const value = env[namedBy];
    if (!value) continue;
    const expanded = expandHome(value, home);
    return { path: isAbsolute(expanded) ? expanded : resolve(cwd, expanded), namedBy };
  }
  return null;
}

// @anchor lookupConfig
/**
 * The first file that exists and is this server's config (a JSON object with a top-level
 * `metabob` or legacy `instance` section). Other files are skipped with one line naming the
 * file and the reason. A file named explicitly is read as named and never skipped: when it
 * cannot be used, the lookup stops there rather than silently reaching another substrate.
 * A project-local file passes `gate` first (READING-NOTES "stricter than the spec"); a refused
 * one is passed over like a skipped file, so the user's own file still applies.
 */
export function lookupConfig(env: NodeJS.ProcessEnv, cwd: string, home: string, gate?: ProjectFileGate): ConfigLookup {
  const lookup: ConfigLookup = {
    file: null,
    chosenBy: null,
    scope: null,
    values: [],
    refused: [],
    lookedAt: [],
    skipped: [],
    namedFileProblem: null,
    warnings: [],
  };
  const named = resolveConfigPath(env, cwd, home);
  if (named) {
    lookup.lookedAt.push(named.path);
    const parsed = parseConfigFile(named.path);
    if (parsed.state === 'config') {
      lookup.file = named.path;
      lookup.chosenBy = named.namedBy;
      lookup.scope = 'named';
      lookup.values = fileValues(named.path, parsed, lookup.warnings);
      return lookup;
    }
    const reason = parsed.state === 'absent' ? 'does not exist' : parsed.reason;
    lookup.namedFileProblem = { path: named.path, namedBy: named.namedBy, reason };
    lookup.warnings.push(
      `config_file_unusable(${named.path}): named by ${named.namedBy} but ${reason}; a named file is never skipped, so no config file applies`,
    );
    return lookup;
  }
  const candidates = lookupCandidates(cwd, home);
  const userFiles = new Set(candidates.slice(PROJECT_CANDIDATES).map(realPathOrSelf));
  const seen = new Set<string>();
  for (const [index, candidate] of candidates.entries()) {
    // ~/.metabob/config.json is usually a symlink to ~/.substrate/config.json, and the launch
    // directory may be the home: one file is considered (and reported) once.
    const real = realPathOrSelf(candidate);
    if (seen.has(real)) continue;
    seen.add(real);
    lookup.lookedAt.push(candidate);
    const parsed = parseConfigFile(candidate);
    if (parsed.state === 'absent') continue;
    if (parsed.state === 'unusable') {
      lookup.skipped.push({ path: candidate, reason: parsed.reason });
      lookup.warnings.push(`config_file_skipped(${candidate}): ${parsed.reason}; the lookup goes on`);
      continue;
    }
    const scope: ConfigScope = index < PROJECT_CANDIDATES && !userFiles.has(real) ? 'project' : 'user';
    const warnings: string[] = [];
    const values = fileValues(candidate, parsed, warnings);
    lookup.warnings.push(...warnings);
    const refusal = scope === 'project' && gate ? gate({ path: candidate, realPath: real, sha256: parsed.sha256, values }) : null;
    if (refusal) {
      lookup.refused.push({ path: candidate, endpointKeys: values.filter((v) => v.isEndpoint).map((v) => v.key) });
      lookup.warnings.push(refusal);
      continue;
    }
    lookup.file = candidate;
    lookup.chosenBy = 'lookup';
    lookup.scope = scope;
    lookup.values = values;
    return lookup;
  }
  return lookup;
}

/** The launch directory's file `configure --trust-project` trusts: the one the lookup would read first. */
export function projectConfigCandidate(cwd: string, home: string): { candidate: ProjectCandidate } | { problem: string } {
  const userFiles = new Set(lookupCandidates(cwd, home).slice(PROJECT_CANDIDATES).map(realPathOrSelf));
  const skipped: string[] = [];
  for (const path of lookupCandidates(cwd, home).slice(0, PROJECT_CANDIDATES)) {
    const parsed = parseConfigFile(path);
    if (parsed.state === 'absent') continue;
    if (parsed.state === 'unusable') {
      skipped.push(`${path} is ${parsed.reason}`);
      continue;
    }
    const real = realPathOrSelf(path);
    if (userFiles.has(real)) return { problem: `${path} is your own user-level file (${real}), which needs no trust` };
    return { candidate: { path, realPath: real, sha256: parsed.sha256, values: fileValues(path, parsed, []) } };
  }
  if (skipped.length > 0) return { problem: `no project config file qualifies: ${skipped.join('; ')}` };
  return { problem: `neither .substrate/config.json nor .metabob/config.json exists in ${cwd}` };
}
