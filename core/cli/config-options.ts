// The configuration flags the server takes (SPEC §Precedence: a flag wins over the environment
// and the files), declared once for serve and for the reports that show what the server would
// do with them (doctor, attach --check).
import type { OptionSchema, OptionValues } from './options.ts';

export const CONFIG_OPTIONS = {
  'api-key': { type: 'string', value: 'KEY', description: 'the API key, as if METABOB_API_KEY were set to it' },
  endpoint: { type: 'string', value: 'URL', description: 'the substrate endpoint, as if METABOB_ENDPOINT were set to it' },
} as const satisfies OptionSchema;

/** The same flags, listed in a report command's own --help but not in its one-line synopsis. */
export const REPORT_CONFIG_OPTIONS = {
  'api-key': { ...CONFIG_OPTIONS['api-key'], synopsis: false },
  endpoint: { ...CONFIG_OPTIONS.endpoint, synopsis: false },
} as const satisfies OptionSchema;

/** The given ones, keyed as the configuration lookup reads them (`api-key`, `endpoint`). */
export function configFlags(flags: OptionValues<typeof CONFIG_OPTIONS>): Record<string, string> {
  const out: Record<string, string> = {};
  if (flags['api-key'] !== undefined) out['api-key'] = flags['api-key'];
  if (flags.endpoint !== undefined) out.endpoint = flags.endpoint;
  return out;
}
