// What the configuration loaders found (SPEC §Configuration): the one model the server's
// startup log, `doctor`, `attach --check` and GET /health read. It never holds the key
// itself, only its last four characters.

/** The variables the configuration produces (SPEC §Precedence); everything else reads these. */
export const CONFIG_VARIABLES = ['METABOB_API_KEY', 'METABOB_ENDPOINT', 'DISCOVERY_ENDPOINT', 'IDENTITY_ENDPOINT', 'VESSEL_ID'] as const;
export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/** The substrate installer's names, accepted for whichever METABOB_* name is unset. */
export const SUBSTRATE_ALIASES = [
  { alias: 'SUBSTRATE_API_KEY', variable: 'METABOB_API_KEY' },
  { alias: 'SUBSTRATE_ENDPOINT', variable: 'METABOB_ENDPOINT' },
] as const;
export type SubstrateAlias = (typeof SUBSTRATE_ALIASES)[number]['alias'];

/** The variables that name a config file explicitly, in the order they are consulted. */
export const CONFIG_PATH_VARIABLES = ['SUBSTRATE_CONFIG_PATH', 'METABOB_CONFIG_PATH'] as const;
export type ConfigPathVariable = (typeof CONFIG_PATH_VARIABLES)[number];

export type ConfigFlag = '--api-key' | '--endpoint';

/** Where one configuration value came from. */
export type ValueSource =
  | { kind: 'flag'; flag: ConfigFlag }
  | { kind: 'env'; variable: ConfigVariable }
  | { kind: 'env-alias'; variable: SubstrateAlias }
  /** `key` is the dotted key in the file, e.g. `metabob.apiKey` or `instance.endpoint`. */
  | { kind: 'file'; path: string; key: string }
  /** Discovery derived from a local endpoint (census class H1), and where that endpoint came from. */
  | { kind: 'derived'; from: Exclude<ValueSource, { kind: 'derived' }> };

export interface ReportedValue {
  value: string;
  source: ValueSource;
}

export interface ReportedKey {
  /** The last four characters, or null when the key is too short to show any of it. */
  keyLast4: string | null;
  source: ValueSource;
}

export type AnchorSource = 'explicit' | 'derived-h1' | 'none';

export interface SkippedConfigFile {
  path: string;
  reason: string;
}

export interface StrippedValue {
  /** The variable or flag removed (`METABOB_API_KEY`, `--endpoint`). */
  name: string;
  reason: 'placeholder' | 'empty';
}

export type MissingInput = 'apiKey' | 'discovery';

export interface ConfigReport {
  /** The config file whose values were read, or null when no file qualified. */
  file: string | null;
  /** How the file was chosen: named by a variable, or found by the lookup. */
  fileChosenBy: ConfigPathVariable | 'lookup' | null;
  /** A file named by SUBSTRATE_CONFIG_PATH / METABOB_CONFIG_PATH that could not be read (never skipped past). */
  namedFileProblem: { path: string; namedBy: ConfigPathVariable; reason: string } | null;
  /** Every file the lookup considered, in order (absolute paths). */
  lookedAt: string[];
  skippedFiles: SkippedConfigFile[];
  /** Project-local files passed over by projectFileGate (their endpoints would have met a key from elsewhere). */
  refusedProjectFiles: Array<{ path: string; endpointKeys: string[] }>;
  /**
   * The file's endpoint keys left unused because an endpoint was already chosen
   * (withoutEndpoints): METABOB_ENDPOINT, or for a project-local file any endpoint variable.
   */
  fileEndpointsIgnored: string[];
  strippedPlaceholders: StrippedValue[];
  apiKey: ReportedKey | null;
  endpoint: ReportedValue | null;
  discovery: ReportedValue | null;
  identity: ReportedValue | null;
  vesselId: ReportedValue | null;
  anchor: { discovery: string | null; source: AnchorSource };
  /** Each warning line, as logged once at start. */
  warnings: string[];
  missing: MissingInput[];
  /** The one `not_configured: ...` line, or null when the key and the anchor are both present. */
  unattachedMessage: string | null;
  /** The same cause as the short line tools echo, or null. */
  unattachedCause: string | null;
}

/** One short phrase for a source, for doctor, attach --check and log lines. */
export function describeSource(source: ValueSource): string {
  switch (source.kind) {
    case 'flag':
      return `flag ${source.flag}`;
    case 'env':
      return `env ${source.variable}`;
    case 'env-alias':
      return `env alias ${source.variable}`;
    case 'file':
      return `file ${source.path} (${source.key})`;
    case 'derived':
      return `derived (H1) from the endpoint of ${describeSource(source.from)}`;
  }
}
