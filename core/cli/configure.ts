// `metabob-mcp configure` (SPEC §Config-file schema): asks for the endpoint (or the discovery endpoint)
// and the API key, runs the same attach check on what was typed (in memory, through an env
// object, writing nothing), shows the hops, and only then, when the person confirms (or
// --yes), writes ~/.substrate/config.json, mode 0600, merged into what it holds. Ctrl-C at any
// prompt writes nothing. A check that does not attach writes nothing and exits 1.
// `configure --trust-project` instead trusts the launch directory's config file (trustProject).
import { homedir } from 'node:os';
import { routeConsoleToStderr } from '../log.ts';
import { VERSION } from '../version.ts';
import type { MetabobValues } from '../report/config-write.ts';
import { defineCommand, EXIT, UsageError, type ExitCode } from './command.ts';
import type { OptionValues } from './options.ts';
import { pipeWriter } from '../pipe-writer.ts';
import { redactUrl } from '../redact-url.ts';

/** Variables that would make the check read something other than the file being written. */
const CONFIG_ENV = [
  'METABOB_API_KEY',
  'SUBSTRATE_API_KEY',
  'METABOB_ENDPOINT',
  'SUBSTRATE_ENDPOINT',
  'DISCOVERY_ENDPOINT',
  'IDENTITY_ENDPOINT',
  'VESSEL_ID',
  'SUBSTRATE_CONFIG_PATH',
  'METABOB_CONFIG_PATH',
];

const FILE_TO_ENV: Array<[string, string]> = [
  ['apiKey', 'METABOB_API_KEY'],
  ['endpoint', 'METABOB_ENDPOINT'],
  ['discoveryEndpoint', 'DISCOVERY_ENDPOINT'],
  ['identityEndpoint', 'IDENTITY_ENDPOINT'],
  ['vesselId', 'VESSEL_ID'],
];

/**
 * The environment the server would see from the merged file alone: the typed values over the
 * file's metabob section, as variables, with the process's proxy and TLS settings kept.
 */
export function checkEnvironment(base: NodeJS.ProcessEnv, merged: Record<string, unknown>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of CONFIG_ENV) delete env[name];
  for (const [key, variable] of FILE_TO_ENV) {
    const value = merged[key];
    if (typeof value === 'string' && value !== '') env[variable] = value;
  }
  return env;
}

function validUrl(value: string | undefined): string | undefined {
  if (!value) return 'a URL is needed (http://host:port or https://host)';
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'the URL must start with http:// or https://';
  } catch {
    return 'not a URL: use http://host:port or https://host';
  }
  return undefined;
}

interface Answers {
  values: MetabobValues;
}

type Clack = typeof import('@clack/prompts');

const CONFIGURE_OPTIONS = {
  endpoint: { type: 'string', value: 'URL', group: 'address', description: 'the substrate endpoint (a local http://...:18080 derives discovery)' },
  'discovery-endpoint': { type: 'string', value: 'URL', group: 'address', description: 'the discovery endpoint itself; needed for a remote substrate' },
  'api-key': { type: 'string', value: 'KEY', description: 'the API key (asked for, masked, when not given)' },
  yes: { type: 'boolean', description: 'write the file once the check attaches, without asking' },
  'trust-project': { type: 'boolean', alone: true, description: "instead, trust the launch directory's config file (its path and content hash)" },
} as const;

type ConfigureFlags = OptionValues<typeof CONFIGURE_OPTIONS>;

/** The interactive questions. Returns null when the person pressed Ctrl-C. */
async function ask(clack: Clack, current: Record<string, unknown>, flags: ConfigureFlags): Promise<Answers | null> {
  const values: MetabobValues = {};
  let kind: 'endpoint' | 'discovery';
  if (typeof flags['discovery-endpoint'] === 'string') kind = 'discovery';
  else if (typeof flags.endpoint === 'string') kind = 'endpoint';
  else {
    const chosen = await clack.select({
      message: 'Which address do you have?',
      options: [
        { value: 'endpoint', label: 'The substrate endpoint', hint: 'a local http://...:18080 derives discovery' },
        { value: 'discovery', label: 'The discovery endpoint', hint: 'the anchor itself; needed for a remote substrate' },
      ],
      initialValue: typeof current.discoveryEndpoint === 'string' ? 'discovery' : 'endpoint',
    });
    if (clack.isCancel(chosen)) return null;
    kind = chosen as 'endpoint' | 'discovery';
  }
  const given = kind === 'discovery' ? flags['discovery-endpoint'] : flags.endpoint;
  if (typeof given === 'string') {
    if (kind === 'discovery') values.discoveryEndpoint = given;
    else values.endpoint = given;
  } else {
    const existing = current[kind === 'discovery' ? 'discoveryEndpoint' : 'endpoint'];
    const url = await clack.text({
      message: kind === 'discovery' ? 'Discovery endpoint' : 'Substrate endpoint',
      placeholder: kind === 'discovery' ? 'https://discovery.example' : 'http://127.0.0.1:18080',
      initialValue: typeof existing === 'string' ? existing : undefined,
      validate: (v) => validUrl(v?.trim()),
    });
    if (clack.isCancel(url)) return null;
    if (kind === 'discovery') values.discoveryEndpoint = url.trim();
    else values.endpoint = url.trim();
  }
  if (typeof flags['api-key'] === 'string') values.apiKey = flags['api-key'];
  else {
    const key = await clack.password({
      message: 'API key',
      mask: '•',
      validate: (v) => (v && v.trim().length > 0 ? undefined : 'the key is needed'),
    });
    if (clack.isCancel(key)) return null;
    values.apiKey = key.trim();
  }
  return { values };
}

/** The endpoints a trusted file may then pair with any key, as `key value` (never its apiKey). */
function endpointList(values: Array<{ key: string; value: string; isEndpoint: boolean }>): string {
  const endpoints = values.filter((v) => v.isEndpoint).map((v) => `${v.key} ${redactUrl(v.value)}`);
  return endpoints.length ? endpoints.join(', ') : 'none yet';
}

/**
 * `configure --trust-project`: records the launch directory's config file (the one the lookup
 * reads first) by real path and content hash, so its endpoints apply with a key from elsewhere
 * (READING-NOTES "stricter than the spec"; core/config/project-trust.ts). Running it is the
 * consent, as `direnv allow` is; the line shows where the key will then go.
 */
async function trustProject(): Promise<ExitCode> {
  const { projectConfigCandidate, recordProjectTrust } = await import('../config.ts');
  const printLine = pipeWriter();
  const found = projectConfigCandidate(process.cwd(), homedir());
  if ('problem' in found) {
    process.stderr.write(`no_project_config: ${found.problem}; nothing trusted\n`);
    return EXIT.failed;
  }
  const { candidate } = found;
  const recorded = recordProjectTrust(candidate.realPath, candidate.sha256, process.env, homedir());
  if (!recorded.ok) {
    process.stderr.write(recorded.line + '\n');
    return EXIT.failed;
  }
  await printLine(
    `trusted ${candidate.realPath} (sha256 ${candidate.sha256.slice(0, 12)}): its endpoints (${endpointList(candidate.values)}) now apply with ` +
      `the key the server is given, until the file changes; recorded in ${recorded.store}\n`,
  );
  return EXIT.ok;
}

export const configureCommand = defineCommand({
  name: 'configure',
  summary: 'check an endpoint and key, then write ~/.substrate/config.json (mode 0600, merged)',
  options: CONFIGURE_OPTIONS,
  async run({ flags }) {
    routeConsoleToStderr();
    if (flags['trust-project']) return trustProject();
    for (const name of ['endpoint', 'discovery-endpoint'] as const) {
      const given = flags[name];
      const problem = given !== undefined ? validUrl(given) : undefined;
      if (problem) throw new UsageError(`--${name}: ${problem}`);
    }
    const interactive = Boolean(process.stdin.isTTY && process.stdout.isTTY);
    const haveAll = typeof flags['api-key'] === 'string' && (typeof flags.endpoint === 'string' || typeof flags['discovery-endpoint'] === 'string');
    if (!interactive && !haveAll) {
      throw new UsageError('without a terminal, pass --api-key KEY and --endpoint URL (or --discovery-endpoint URL), and --yes to write');
    }

    const { attachCheck } = await import('../report/attach-check.ts');
    const { ReportRun } = await import('../report/model.ts');
    const { presentRun } = await import('../report/present.ts');
    const { chooseRendering } = await import('../report/render-text.ts');
    const { substrateDeps } = await import('../report/substrate-deps.ts');
    const { installerConfigPath, mergeMetabobSection, readExistingConfig, writeConfigFile } = await import('../report/config-write.ts');
    const home = homedir();
    const path = installerConfigPath(home);
    const existing = readExistingConfig(path);
    const printLine = pipeWriter();
    const out = (text: string) => printLine(text + '\n');
    if (!existing.ok) {
      process.stderr.write(existing.line + '\n');
      return EXIT.failed;
    }

    const clack = interactive ? await import('@clack/prompts') : undefined;
    if (clack) clack.intro(`metabob-mcp configure (${VERSION})`);
    let values: MetabobValues;
    if (clack && !haveAll) {
      const answers = await ask(clack, existing.metabob, flags);
      if (!answers) {
        clack.cancel('Cancelled: nothing written.');
        return EXIT.failed;
      }
      values = answers.values;
    } else {
      values = {
        apiKey: flags['api-key'] ?? '', // always given here: haveAll
        ...(typeof flags.endpoint === 'string' ? { endpoint: flags.endpoint } : {}),
        ...(typeof flags['discovery-endpoint'] === 'string' ? { discoveryEndpoint: flags['discovery-endpoint'] } : {}),
      };
    }

    // The check runs on what the server would read from the merged file, in memory.
    const merged = mergeMetabobSection(existing.content, values);
    const env = checkEnvironment(process.env, merged.metabob as Record<string, unknown>);
    const run = new ReportRun();
    run.addSecret(values.apiKey);
    const exitCode = await presentRun({
      run,
      command: 'configure',
      title: `checking ${values.discoveryEndpoint ? `discovery ${values.discoveryEndpoint}` : `endpoint ${values.endpoint}`} with key …${(values.apiKey ?? '').slice(-4)}`,
      rendering: clack ? chooseRendering({ json: false, isTTY: true, env: process.env }) : 'plain',
      loadInk: () => import('../../tui/render-ink.tsx'),
      work: async () => (await attachCheck(run, substrateDeps, { env, cwd: home, home, flags: {} })).summary,
    });
    if (exitCode !== 0) {
      const line = `not written: the check did not attach, so ${path} is unchanged`;
      if (clack) clack.outro(line);
      else await out(line);
      return EXIT.failed;
    }
    let write = flags.yes === true;
    if (!write && clack) {
      const confirmed = await clack.confirm({ message: `Write ${path}?`, initialValue: true });
      if (clack.isCancel(confirmed) || confirmed !== true) {
        clack.cancel('Nothing written.');
        return EXIT.failed;
      }
      write = true;
    }
    if (!write) {
      await out(`not written: pass --yes to write ${path}`);
      return EXIT.failed;
    }
    const written = writeConfigFile(path, merged);
    const keys = Object.keys(values)
      .map((k) => `metabob.${k}`)
      .join(', ');
    // SPEC §Precedence: the environment wins over the file, so say which variables will.
    const overriding = CONFIG_ENV.filter((name) => !name.endsWith('_CONFIG_PATH') && process.env[name]);
    const note = overriding.length ? `; note: ${overriding.join(', ')} set in this environment win over the file` : '';
    const line = `wrote ${written} (mode 0600): ${keys}; other sections and keys kept${note}`;
    if (clack) clack.outro(line);
    else await out(line);
    return EXIT.ok;
  },
});
