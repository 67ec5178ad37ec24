// The skill and the `metabob-start` prompt say the same first steps, and the skill names
// only tools the server has.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { FIRST_STEPS, SETUP_STEP } from '../../core/server/prompts.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';

const skill = readFileSync(new URL('../../skills/metabob/SKILL.md', import.meta.url), 'utf8');

test('the skill has Agent Skills frontmatter whose name matches its folder', () => {
  const front = skill.match(/^---\n([\s\S]*?)\n---\n/);
  assert.ok(front, 'frontmatter');
  assert.match(front[1], /^name: metabob$/m);
  const description = front[1].match(/^description: (.+)$/m)?.[1] ?? '';
  assert.ok(description.length > 20 && description.length <= 1024);
});

test("the skill's setup and first calls are the prompt's", () => {
  const setup = skill.split('\n## Setup\n')[1].split('\n## ')[0];
  assert.equal(setup.trim().split('\n')[0], SETUP_STEP);
  const section = skill.split('\n## First calls\n')[1].split('\n## ')[0];
  const steps = [...section.matchAll(/^\d+\. (.+)$/gm)].map((m) => m[1]);
  assert.deepEqual(steps, FIRST_STEPS);
});

test('every tool the skill names is registered', () => {
  const names = new Set(TOOL_REGISTRY.map((t) => t.name));
  const candidates = [...skill.matchAll(/\b([a-z]+(?:_[a-z]+)+)\b/g)].map((m) => m[1]);
  const toolLike = candidates.filter((c) =>
    /^(init|get|record|mark|analyze|predict|search|assign|annotate|path|claim|run|goal|provide|registry|execution|resolve|concept|pull|submit)_/.test(c),
  );
  assert.ok(toolLike.length > 8);
  for (const name of toolLike) {
    if (['empty_reason', 'next_steps', 'workspace_path', 'file_path'].includes(name)) continue;
    assert.ok(names.has(name), `skill names ${name}`);
  }
});
