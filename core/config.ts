// SPEC §Configuration / §Precedence: the attachment is an API key and an endpoint, with no
// default for either. Every entry point (the server, `call`, doctor, attach --check) reads
// them the same way through applyConfiguration, which fills the process environment so that
// everything downstream reads METABOB_API_KEY, METABOB_ENDPOINT, DISCOVERY_ENDPOINT,
// IDENTITY_ENDPOINT and VESSEL_ID and nothing else.
import { homedir } from 'node:os';
import { log } from './log.ts';
import { redactUrl } from './redact-url.ts';
import {
  CONFIG_VARIABLES,
  SUBSTRATE_ALIASES,
  describeSource,
  type AnchorSource,
  type ConfigFlag,
  type ConfigReport,
  type ConfigVariable,
  type MissingInput,
  type ReportedValue,
  type StrippedValue,
  type ValueSource,
} from './config/config-report.ts';
import { stripUnsubstitutedEnv, strippedLine, unusableReason } from './config/placeholders.ts';
import { deriveLocalDiscoveryEndpoint, derivedDiscoveryWarning } from './config/endpoint-derivation.ts';
import { lookupConfig, type FileValue } from './config/config-file.ts';
import { projectFileGate } from './config/project-gate.ts';
import { projectTrust } from './config/project-trust.ts';
import { unattachedCauseLine, unattachedMessage, unattachedStartLine } from './config/unattached-message.ts';

export * from './config/config-report.ts';
export { deriveLocalDiscoveryEndpoint } from './config/endpoint-derivation.ts';
export { unattachedMessage, LOOKUP_ORDER_TEXT } from './config/unattached-message.ts';
export { lookupConfig, resolveConfigPath, projectConfigCandidate, INSTALLER_CONFIG_PATH } from './config/config-file.ts';
export { projectTrust, recordProjectTrust, trustStorePath } from './config/project-trust.ts';

export interface ConfigFlags {
  apiKey?: string;
  endpoint?: string;
}

export interface ConfigurationInput {
  /** Mutated: the server passes process.env. */
  env: NodeJS.ProcessEnv;
  /** The launch directory, for ./.substrate/config.json and ./.metabob/config.json. */
  cwd: string;
  home: string;
  flags?: ConfigFlags;
}

type Sources = Map<ConfigVariable, ValueSource>;

// @anchor applyConfigDefaults
/** Each loader fills only variables still unset, so an earlier source always wins. */
export function applyConfigDefaults(
  env: NodeJS.ProcessEnv,
  sources: Sources,
  values: Array<{ variable: ConfigVariable; value: string; source: ValueSource }>,
): void {
  for (const { variable, value, source } of values) {
    if (env[variable] !== undefined) continue;
    env[variable] = value;
    sources.set(variable, source);
  }
}

/** The endpoint variables: one set by a flag or the environment keeps a project file's endpoints out. */
const ENDPOINT_VARIABLES = ['METABOB_ENDPOINT', 'DISCOVERY_ENDPOINT', 'IDENTITY_ENDPOINT'] as const;

// @anchor withoutEndpoints
/**
 * With METABOB_ENDPOINT already set, only the file's credentials (apiKey, vesselId) apply:
 * its endpoints never fill a discovery the chosen endpoint left underived, so the
 * attachment cannot split across two substrates (SPEC §Precedence). For a project-local
 * file any endpoint already set does the same (READING-NOTES "stricter than the spec").
 */
export function withoutEndpoints(values: FileValue[]): FileValue[] {
  return values.filter((v) => !v.isEndpoint);
}

function keyLast4(key: string): string | null {
  return key.length >= 8 ? key.slice(-4) : null;
}

// @anchor substrate-env-aliases
/**
 * SUBSTRATE_API_KEY / SUBSTRATE_ENDPOINT fill METABOB_API_KEY / METABOB_ENDPOINT when those
 * are unset. When both names of a pair are set and differ, the METABOB_* value wins and one
 * warning says so (a flag outranks both, and nothing needs saying then).
 */
function applySubstrateAliases(env: NodeJS.ProcessEnv, sources: Sources, warnings: string[]): void {
  for (const { alias, variable } of SUBSTRATE_ALIASES) {
    const aliasValue = env[alias];
    if (aliasValue === undefined) continue;
    const current = env[variable];
    if (current === undefined) {
      env[variable] = aliasValue;
      sources.set(variable, { kind: 'env-alias', variable: alias });
      continue;
    }
    if (current === aliasValue || sources.get(variable)?.kind === 'flag') continue;
    const shown =
      variable === 'METABOB_API_KEY'
        ? `keys ending ...${keyLast4(current) ?? '****'} and ...${keyLast4(aliasValue) ?? '****'}`
        : `${redactUrl(current)} and ${redactUrl(aliasValue)}`;
    warnings.push(`env_conflict(${variable}, ${alias}): both are set and differ (${shown}); ${variable} wins`);
  }
}

/** Derives discovery from METABOB_ENDPOINT when discovery is still unset and the endpoint is local. */
function applyDerivedDiscovery(env: NodeJS.ProcessEnv, sources: Sources, warnings: string[]): void {
  const endpoint = env.METABOB_ENDPOINT;
  const endpointSource = sources.get('METABOB_ENDPOINT');
  if (env.DISCOVERY_ENDPOINT !== undefined || endpoint === undefined || !endpointSource || endpointSource.kind === 'derived') return;
  const discovery = deriveLocalDiscoveryEndpoint(endpoint);
  if (!discovery) return;
  env.DISCOVERY_ENDPOINT = discovery;
  sources.set('DISCOVERY_ENDPOINT', { kind: 'derived', from: endpointSource });
  warnings.push(derivedDiscoveryWarning(discovery, endpoint, describeSource(endpointSource)));
}

function applyFlags(env: NodeJS.ProcessEnv, sources: Sources, flags: ConfigFlags, stripped: StrippedValue[], warnings: string[]): void {
  const given: Array<[ConfigFlag, ConfigVariable, string | undefined]> = [
    ['--api-key', 'METABOB_API_KEY', flags.apiKey],
    ['--endpoint', 'METABOB_ENDPOINT', flags.endpoint],
  ];
  for (const [flag, variable, value] of given) {
    if (value === undefined) continue;
    const reason = unusableReason(value);
    if (reason) {
      // A launch command can carry the host's placeholder too (`--api-key ${user_config.api_key}`).
      stripped.push({ name: flag, reason });
      warnings.push(strippedLine(flag, value, reason, 'so the next source in the lookup order fills it'));
      continue;
    }
    env[variable] = value;
    sources.set(variable, { kind: 'flag', flag });
  }
}

function reported(env: NodeJS.ProcessEnv, sources: Sources, variable: ConfigVariable): ReportedValue | null {
  const value = env[variable];
  const source = sources.get(variable);
  return value !== undefined && source ? { value, source } : null;
}

/** Internal: how DISCOVERY_ENDPOINT was found, for the attachment's state (`explicit` / `derived-h1`). */
export const ANCHOR_SOURCE_VARIABLE = 'METABOB_ANCHOR_SOURCE';

/**
 * A discovery this process derived earlier is already in the environment when the
 * configuration is applied again in the same process: it stays `derived-h1`, not `explicit`.
 */
function anchorSource(env: NodeJS.ProcessEnv, discovery: ReportedValue | null): AnchorSource {
  if (!discovery) return 'none';
  if (discovery.source.kind === 'derived') return 'derived-h1';
  const derivedEarlier = discovery.source.kind === 'env' && env[ANCHOR_SOURCE_VARIABLE] === 'derived-h1';
  return derivedEarlier ? 'derived-h1' : 'explicit';
}

// @anchor apply-configuration
/**
 * Fills `env` from, in order (SPEC §Precedence; earlier wins): the CLI flags; the
 * environment (METABOB_*, the SUBSTRATE_* aliases, then discovery derived from
 * METABOB_ENDPOINT); the config file's explicit keys, then discovery derived from its
 * endpoint. Placeholders and empty values are removed first. A project-local file passes
 * projectFileGate before it is chosen. Returns what was found where.
 */
export function applyConfiguration(input: ConfigurationInput): ConfigReport {
  const { env, cwd, home, flags = {} } = input;
  const warnings: string[] = [];
  const sources: Sources = new Map();

  const { stripped, lines } = stripUnsubstitutedEnv(env);
  warnings.push(...lines);
  for (const variable of CONFIG_VARIABLES) {
    if (env[variable] !== undefined) sources.set(variable, { kind: 'env', variable });
  }
  applyFlags(env, sources, flags, stripped, warnings);
  applySubstrateAliases(env, sources, warnings);
  applyDerivedDiscovery(env, sources, warnings);

  // A key from flags or the environment never goes to an untrusted project file's endpoints.
  const anyEndpointChosen = ENDPOINT_VARIABLES.some((variable) => env[variable] !== undefined);
  const gate = projectFileGate({
    keySource: env.METABOB_API_KEY !== undefined ? (sources.get('METABOB_API_KEY') ?? { kind: 'env', variable: 'METABOB_API_KEY' }) : undefined,
    endpointChosen: anyEndpointChosen,
    cwd,
    trust: (candidate) => projectTrust(candidate.realPath, candidate.sha256, env, home),
  });
  const lookup = lookupConfig(env, cwd, home, gate);
  warnings.push(...lookup.warnings);
  const endpointChosen = env.METABOB_ENDPOINT !== undefined || (lookup.scope === 'project' && anyEndpointChosen);
  const usable = endpointChosen ? withoutEndpoints(lookup.values) : lookup.values;
  const fileEndpointsIgnored = endpointChosen ? lookup.values.filter((v) => v.isEndpoint).map((v) => v.key) : [];
  applyConfigDefaults(
    env,
    sources,
    usable.map((v) => ({ variable: v.variable, value: v.value, source: { kind: 'file', path: lookup.file!, key: v.key } })),
  );
  applyDerivedDiscovery(env, sources, warnings);

  const apiKey = env.METABOB_API_KEY;
  const apiKeySource = sources.get('METABOB_API_KEY');
  const discovery = reported(env, sources, 'DISCOVERY_ENDPOINT');
  const missing: MissingInput[] = [];
  if (apiKey === undefined) missing.push('apiKey');
  if (!discovery) missing.push('discovery');

  const report: ConfigReport = {
    file: lookup.file,
    fileChosenBy: lookup.chosenBy,
    namedFileProblem: lookup.namedFileProblem,
    lookedAt: lookup.lookedAt,
    skippedFiles: lookup.skipped,
    refusedProjectFiles: lookup.refused,
    fileEndpointsIgnored,
    strippedPlaceholders: stripped,
    apiKey: apiKey !== undefined && apiKeySource ? { keyLast4: keyLast4(apiKey), source: apiKeySource } : null,
    endpoint: reported(env, sources, 'METABOB_ENDPOINT'),
    discovery,
    identity: reported(env, sources, 'IDENTITY_ENDPOINT'),
    vesselId: reported(env, sources, 'VESSEL_ID'),
    anchor: { discovery: discovery?.value ?? null, source: anchorSource(env, discovery) },
    warnings,
    missing,
    unattachedMessage: null,
    unattachedCause: null,
  };
  report.unattachedMessage = unattachedMessage(report);
  report.unattachedCause = unattachedCauseLine(report);
  // The attachment reads the anchor's provenance from here (core/attachment anchorFromEnv).
  if (report.anchor.source === 'none') delete env[ANCHOR_SOURCE_VARIABLE];
  else env[ANCHOR_SOURCE_VARIABLE] = report.anchor.source;
  return report;
}

/**
 * Applies the configuration to this process's environment, logs each warning line once
 * (and the missing-input line at `unattachedLevel`), and returns the report the entry point hands
 * to its services. Called once by each entry point before anything reads the environment.
 */
export function configureProcess(flags: ConfigFlags = {}, unattachedLevel: 'info' | 'debug' = 'info'): ConfigReport {
  const report = applyConfiguration({ env: process.env, cwd: process.cwd(), home: homedir(), flags });
  for (const line of report.warnings) log.warn(line);
  // One short line (the lookup order is doctor's to show): a host keeps every start's stderr.
  const startLine = unattachedStartLine(report);
  if (startLine) log[unattachedLevel](startLine);
  return report;
}
