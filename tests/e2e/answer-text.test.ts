// What an agent branches on is in the text a host shows its model (core/server/answer-shape.ts):
// every registered tool, over stdio, in the states that make empty reasons, warnings and next
// steps (nothing configured before and after init_workspace, arguments refused or unknown, a
// checkout whose git fails, attached to the emulated substrate), and each answer holds to: no
// line repeats; the empty reason, each warning or error and the first next step are in the
// text, once; the first line states the outcome. A refusal the spec words as one line stays that
// line, which starts with its cause token.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { startClient, textOf } from '../helpers/client.ts';
import { validArgs } from '../helpers/sample-args.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { withEmulator } from '../substrate/emulator.ts';
import { startAttachedServer } from '../substrate/server-fixture.ts';
import { repoWithHistory } from './ledger-fixture.ts';

type Caller = (name: string, args: Record<string, unknown>) => Promise<unknown>;
type Meta = { empty_reason?: string; warnings_v2?: Notice[]; diagnosis_v2?: Notice[]; next_steps?: Array<{ tool: string; args: object }> };
type Notice = { code: string; severity: string; message: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordCount = (text: string, word: string) => text.match(new RegExp(`(?<![a-z0-9_])${escape(word)}(?![a-z0-9_])`, 'g'))?.length ?? 0;
/** A refusal's first line starts with its cause token, after the tool's name where the gate names it. */
const CAUSE_LINE = /^([a-z_]+: )?[a-z][a-z0-9_]*(\([^)]*\))?: \S/;

/** Holds one answer to the rules; returns the problems found, each naming the tool and state. */
function problemsOf(result: unknown, label: string): string[] {
  const text = textOf(result);
  const meta = ((result as { _meta?: Meta })._meta ?? {}) as Meta;
  const isError = (result as { isError?: boolean }).isError === true;
  const problems: string[] = [];
  const lines = text.split('\n').map((l) => l.trim());
  const seen = new Set<string>();
  for (const line of lines.filter(Boolean)) {
    if (seen.has(line)) problems.push(`${label}: the line "${line.slice(0, 120)}" repeats`);
    seen.add(line);
  }
  const first = lines[0] ?? '';
  // A heading ("Changed files -> components:") is not an outcome; a count before its colon is ("19 shapes:").
  if (!first || (first.endsWith(':') && !/\d/.test(first)) || /^[-*#]/.test(first))
    problems.push(`${label}: the first line "${first.slice(0, 120)}" states no outcome`);
  if (isError && !CAUSE_LINE.test(first)) problems.push(`${label}: an error whose first line names no cause: "${first.slice(0, 120)}"`);
  // A one-line refusal is the spec's whole answer (SPEC §attachment "The gate": the cause as one
  // line): its cause token, checked above, is what its empty reason and diagnosis say.
  if (isError && lines.filter(Boolean).length === 1) return problems;
  if (meta.empty_reason && wordCount(text, meta.empty_reason) !== 1)
    problems.push(`${label}: empty_reason ${meta.empty_reason} is in the text ${wordCount(text, meta.empty_reason)} times`);
  for (const n of [...(meta.warnings_v2 ?? []), ...(meta.diagnosis_v2 ?? [])].filter((w) => w.severity !== 'info')) {
    const times = text.split(n.message).length - 1;
    if (times !== 1) problems.push(`${label}: the ${n.severity} ${n.code} ("${n.message.slice(0, 80)}") is in the text ${times} times`);
  }
  const step = meta.next_steps?.[0];
  if (step) {
    const naming = lines.filter((l) => l.includes(`${step.tool} {`) || l.toLowerCase().includes(`call ${step.tool}`) || l.includes(`${step.tool}(`));
    if (naming.length === 0) problems.push(`${label}: the next step ${step.tool} is not in the text`);
  }
  return problems;
}

/** Every registered tool with arguments it accepts. */
async function sweep(call: Caller, state: string): Promise<string[]> {
  const problems: string[] = [];
  for (const tool of TOOL_REGISTRY) problems.push(...problemsOf(await call(tool.name, validArgs(tool)), `${tool.name} (${state})`));
  return problems;
}

test('nothing configured: every tool before and after init_workspace, refused and unknown arguments, and a failing git', async () => {
  const { repo } = repoWithHistory();
  const { client, close } = await startClient({ cwd: repo });
  const problems: string[] = [];
  try {
    const call: Caller = (name, args) => client.callTool({ name, arguments: args });
    problems.push(...(await sweep(call, 'unconfigured, nothing indexed')));
    problems.push(...problemsOf(await call('init_workspace', {}), 'init_workspace (again)'));
    const recorded = await call('record_finding', { files: ['src/a.ts'], summary: 'a is one', severity: 'HIGH', category: 'correctness' });
    problems.push(...problemsOf(recorded, 'record_finding (a real finding)'));
    problems.push(...(await sweep(call, 'unconfigured, indexed, one finding')));
    for (const [name, args] of [
      ['search_codebase', { query: 42, limit: 'ten' }],
      ['get_metrics', { verbose: true }],
      ['get_problems', { file_path: 'src/a.ts', shout: 1 }],
      ['analyze_impact', { changed_files: ['src/a.ts', 'nowhere.ts'] }],
      ['assign_git_changes', { changed_files: ['src/a.ts', 'nowhere.ts'] }],
      ['predict_cochanges', { changed_files: ['src/a.ts'] }],
    ] as const) {
      problems.push(...problemsOf(await call(name, args as Record<string, unknown>), `${name} ${JSON.stringify(args)}`));
    }
  } finally {
    await close();
  }
  appendFileSync(join(repo, '.git', 'config'), '\n[core\n');
  const broken = await startClient({ cwd: repo });
  try {
    const result = await broken.client.callTool({ name: 'predict_cochanges', arguments: { changed_files: ['src/a.ts'] } });
    problems.push(...problemsOf(result, 'predict_cochanges (git failing)'));
  } finally {
    await broken.close();
  }
  assert.deepEqual(problems, []);
});

test('attached to the emulator, after init_workspace: every tool', async () => {
  await withEmulator(async (emulator) => {
    const { repo } = repoWithHistory({ remote: true });
    const s = await startAttachedServer(emulator, {}, { cwd: repo });
    try {
      const call: Caller = (name, args) => s.client.callTool({ name, arguments: args });
      const problems = problemsOf(await call('init_workspace', {}), 'init_workspace (attached)');
      problems.push(...(await sweep(call, 'attached')));
      assert.deepEqual(problems, []);
    } finally {
      await s.close();
    }
  });
});
