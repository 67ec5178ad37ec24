// The skill contract (SPEC §Agent instructions): the metabob skill and the server instructions
// name only tools that exist, the skill's first calls are the instructions' fallback set in the
// same order, the skill uses only the Agent Skills spec's portable frontmatter, every plugin
// ships the same skill, and the instructions stay under 600 tokens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { SERVER_INSTRUCTIONS } from '../../core/server/instructions.ts';
import { EMPTY_REASONS } from '../../core/tools/empty-reason.ts';
import { remedyFor } from '../../core/report/remedies.ts';
import { heuristicTokens } from '../../core/server/tokens.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const SKILL = readFileSync(join(ROOT, 'skills/metabob/SKILL.md'), 'utf8');
const TOOLS = new Set(TOOL_REGISTRY.map((t) => t.name));
/** Every argument name any tool takes: a backticked argument is not a tool. */
const ARGUMENTS = new Set(TOOL_REGISTRY.flatMap((t) => Object.keys(t.inputSchema.shape)));
/** The envelope's own words and the cut line's cause, named by the skill beside the tools. */
const ENVELOPE_WORDS = new Set(['next_steps', 'empty_reason', 'answer_capped']);

function frontmatter(text: string): { fields: Record<string, string>; metadata: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(text);
  assert.ok(match, 'SKILL.md opens with a frontmatter block');
  const fields: Record<string, string> = {};
  const metadata: Record<string, string> = {};
  let inMetadata = false;
  for (const line of match[1].split('\n')) {
    const nested = /^ {2}([a-z][a-z0-9-]*): (.+)$/.exec(line);
    if (nested && inMetadata) {
      metadata[nested[1]] = nested[2];
      continue;
    }
    const top = /^([a-z][a-z-]*):(?: (.*))?$/.exec(line);
    assert.ok(top, `frontmatter line is "key: value": ${line}`);
    fields[top[1]] = top[2] ?? '';
    inMetadata = top[1] === 'metadata';
  }
  return { fields, metadata, body: text.slice(match[0].length) };
}

/** Backticked snake_case words that are not arguments, empty reasons, named causes or envelope fields: these must be tools. */
function toolsNamedIn(text: string): string[] {
  const words = [...text.matchAll(/`([a-z]+(?:_[a-z]+)+)\b/g)].map((m) => m[1]);
  return [...new Set(words)].filter((w) => !ARGUMENTS.has(w) && !(w in EMPTY_REASONS) && !ENVELOPE_WORDS.has(w) && remedyFor(`${w}: x`) === null);
}

function section(body: string, heading: string): string {
  const start = body.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the skill has a "## ${heading}" section`);
  const end = body.indexOf('\n## ', start + 1);
  return body.slice(start, end < 0 ? undefined : end);
}

test('the skill uses only the Agent Skills portable frontmatter, and its name is its folder', () => {
  const { fields, metadata } = frontmatter(SKILL);
  const portable = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'];
  for (const key of Object.keys(fields)) assert.ok(portable.includes(key), `non-portable frontmatter field: ${key}`);
  assert.equal(fields.name, 'metabob');
  assert.match(fields.name, /^[a-z0-9]+(-[a-z0-9]+)*$/);
  assert.ok(fields.description.length >= 1 && fields.description.length <= 1024, `description is ${fields.description.length} chars`);
  if (fields.compatibility) assert.ok(fields.compatibility.length <= 500);
  // Codex reads metadata.short-description; metadata is a map of string to string.
  assert.ok(metadata['short-description'], 'metadata.short-description');
});

test('every tool the skill and the server instructions name exists in the registry', () => {
  const inSkill = toolsNamedIn(SKILL);
  assert.ok(inSkill.length >= 10, `the skill names the tools it sequences: ${inSkill.join(', ')}`);
  for (const name of inSkill) assert.ok(TOOLS.has(name), `the skill names ${name}, which is not a registered tool`);
  const inInstructions = toolsNamedIn(SERVER_INSTRUCTIONS);
  assert.ok(inInstructions.length >= 20, `the instructions name the tools: ${inInstructions.join(', ')}`);
  for (const name of inInstructions) assert.ok(TOOLS.has(name), `the instructions name ${name}, which is not a registered tool`);
  // The check sees a misspelt tool, and passes over arguments, causes and envelope words.
  assert.deepEqual(toolsNamedIn('call `get_problemz` with `file_path` on `not_configured`, read `next_steps`'), ['get_problemz']);
});

test("the skill's first calls are the instructions' fallback set, in the same order", () => {
  const fallback = /start with these four: ([^.]+)\./.exec(SERVER_INSTRUCTIONS);
  assert.ok(fallback, 'the instructions carry the fallback sentence');
  const fromInstructions = [...fallback[1].matchAll(/`([a-z_]+)`/g)].map((m) => m[1]);
  const { body } = frontmatter(SKILL);
  // The first backticked name of each numbered step is the call that step makes.
  const steps = section(body, 'First calls')
    .split('\n')
    .filter((line) => /^\d+\. /.test(line))
    .map((line) => /`([a-z_]+)`/.exec(line)?.[1]);
  assert.deepEqual(steps, fromInstructions);
  assert.equal(fromInstructions.length, 4);
});

test('the skill tells the agent the workspace fix and the attachment diagnosis the hosts need', () => {
  const { body } = frontmatter(SKILL);
  // Codex sends no roots and no PLUGIN_ROOT: the gate is lifted only by init_workspace {workspace_path}.
  assert.match(section(body, 'Setup'), /`workspace_undetermined`[\s\S]*`init_workspace` with\s+`\{"workspace_path": /);
  assert.match(body, /`metabob-mcp attach --check`/);
});

test('every plugin ships the same skill, and the server instructions stay under 600 tokens (chars/4)', () => {
  for (const host of ['claude-code', 'cursor', 'codex']) {
    assert.equal(readFileSync(join(ROOT, 'plugins', host, 'skills/metabob/SKILL.md'), 'utf8'), SKILL, `${host} copy`);
  }
  assert.ok(heuristicTokens(SERVER_INSTRUCTIONS) < 600, `${heuristicTokens(SERVER_INSTRUCTIONS)} tokens`);
});
