// SPEC §Configuration: a plugin host fills the configuration variables from its user's
// settings, and a setting left unfilled reaches the server as the placeholder text itself
// (`${user_config.api_key}`). Such a value, or an empty one, is removed at start so the
// config file fills it, and a placeholder is never sent as a key or dialled as an endpoint.
import { CONFIG_PATH_VARIABLES, CONFIG_VARIABLES, SUBSTRATE_ALIASES, type StrippedValue } from './config-report.ts';

const PLACEHOLDER = /\$\{[^}]*\}/g;

/** Every variable a host may fill with a placeholder: the outputs, the installer's aliases and the explicit paths. */
export const STRIPPABLE_VARIABLES: readonly string[] = [...CONFIG_VARIABLES, ...SUBSTRATE_ALIASES.map((a) => a.alias), ...CONFIG_PATH_VARIABLES];

/**
 * The launch variables a plugin manifest fills from its host (`"PLUGIN_ROOT": "${CLAUDE_PLUGIN_ROOT}"`,
 * `${CURSOR_PLUGIN_ROOT}`): a host that does not expand one leaves text that is no folder, so it
 * is dropped and the workspace is decided as if it were unset (SPEC §workspace).
 */
export const LAUNCH_VARIABLES: readonly string[] = ['PLUGIN_ROOT', 'WORKSPACE_PATH'];
const LAUNCH_FILLS_FROM = 'so the workspace is decided without it (init_workspace, roots, the launch directory)';

/** The `${...}` tokens left in a value; empty when it holds none. */
export function placeholderTokens(value: string): string[] {
  return value.match(PLACEHOLDER) ?? [];
}

/** Why a value cannot be used as given, or null when it can. */
export function unusableReason(value: string): StrippedValue['reason'] | null {
  if (value.trim() === '') return 'empty';
  if (placeholderTokens(value).length > 0) return 'placeholder';
  return null;
}

/**
 * The one line for a removed value. Only the `${...}` tokens are echoed (they name the
 * host setting left unfilled), never the rest of the value, which may be part of a key.
 */
export function strippedLine(name: string, value: string, reason: StrippedValue['reason'], fillsFrom: string): string {
  if (reason === 'empty') return `empty_value(${name}): set but empty; ignored, ${fillsFrom}`;
  return `unsubstituted_placeholder(${name}): ${placeholderTokens(value).join(' ')} was never filled in by the MCP host; ignored, ${fillsFrom}`;
}

// @anchor unsubstituted-placeholders
/** Removes every strippable or launch variable holding a placeholder or nothing; one line per variable removed. */
export function stripUnsubstitutedEnv(env: NodeJS.ProcessEnv): { stripped: StrippedValue[]; lines: string[] } {
  const stripped: StrippedValue[] = [];
  const lines: string[] = [];
  const every = [
    ...STRIPPABLE_VARIABLES.map((name) => ({ name, fillsFrom: 'so the next source in the lookup order fills it' })),
    ...LAUNCH_VARIABLES.map((name) => ({ name, fillsFrom: LAUNCH_FILLS_FROM })),
  ];
  for (const { name, fillsFrom } of every) {
    const value = env[name];
    if (value === undefined) continue;
    const reason = unusableReason(value);
    if (!reason) continue;
    delete env[name];
    stripped.push({ name, reason });
    lines.push(strippedLine(name, value, reason, fillsFrom));
  }
  return { stripped, lines };
}
