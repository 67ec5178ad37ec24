// SPEC §outgoing-text-guard. This release builds the part every plane already needs: how a
// call's arguments are described in logs, by name and size, never by value.

// @anchor describeArgsForLog
/** `{name: "string(12)", files: "array(3)", force: "boolean"}`: never a value. */
export function describeArgsForLog(args: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!args || typeof args !== 'object' || Array.isArray(args)) return out;
  for (const [name, value] of Object.entries(args as Record<string, unknown>)) {
    if (typeof value === 'string') out[name] = `string(${value.length})`;
    else if (Array.isArray(value)) out[name] = `array(${value.length})`;
    else if (value === null) out[name] = 'null';
    else out[name] = typeof value;
  }
  return out;
}
