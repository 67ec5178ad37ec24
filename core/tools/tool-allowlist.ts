// METABOB_TOOLS (SPEC §impulse-shapes): a comma-separated allowlist of tool names, unset allowing
// every tool. The loopback resolver refuses a tool outside it; on stdio it narrows tools/list and
// a call to a tool outside it is refused as a tool the server does not list.

/** The allowed names, or null when every tool is allowed. */
export function toolAllowlist(env: NodeJS.ProcessEnv = process.env): Set<string> | null {
  const raw = env.METABOB_TOOLS?.trim();
  if (!raw) return null;
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** The one line a call outside the allowlist is refused with, on every plane. */
export function toolNotAllowedLine(named: string, allowed: ReadonlySet<string>): string {
  return `tool_not_allowed(${named}): METABOB_TOOLS allows only ${[...allowed].sort().join(', ')}`;
}
