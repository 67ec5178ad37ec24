// SPEC §attachment "The gate" (`substrateToolRefusal`): every substrate tool, on every
// plane, passes this check in the boundary. The attachment module installs the real check;
// until it does, there is no attachment and nothing to wait for.

export type SubstrateGate = (tool: string) => Promise<string | null>;

let gate: SubstrateGate | undefined;

export function installSubstrateGate(fn: SubstrateGate): void {
  gate = fn;
}

// @anchor substrateToolRefusal
/** The cause line a substrate tool is refused with, or null when it may run. */
export async function substrateToolRefusal(tool: string): Promise<string | null> {
  if (!gate) return null;
  return gate(tool);
}
