// Every advertised capability tag has a runtime probe (META-ENVELOPE §capabilities): a test
// declared through capabilityProbe(tag, ...). tests/unit/capability-table.test.ts checks
// that each tag in core/server/capabilities.ts has one somewhere under tests/.
import { test } from 'node:test';

export function capabilityProbe(tag: string, fn: () => Promise<void> | void): void {
  test(`capability probe: ${tag}`, fn);
}
