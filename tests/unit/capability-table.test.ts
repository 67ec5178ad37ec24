// Every advertised capability tag has a runtime probe, and every tool is classified
// (META-ENVELOPE §capabilities; STYLE: pincher's "every tool is classified" tests).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CAPABILITY_TAGS } from '../../core/server/capabilities.ts';
import { TOOL_EFFECTS } from '../../core/tools/tool-annotations.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { EMPTY_REASONS } from '../../core/tools/empty-reason.ts';

function testSources(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) text += testSources(path);
    else if (/\.test\.tsx?$/.test(name)) text += readFileSync(path, 'utf8');
  }
  return text;
}

test('every capability tag has a runtime probe under tests/', () => {
  const sources = testSources('tests');
  for (const { tag } of CAPABILITY_TAGS) {
    assert.ok(sources.includes(`capabilityProbe('${tag}'`), `capability ${tag} has no capabilityProbe('${tag}', ...) test`);
  }
  assert.equal(new Set(CAPABILITY_TAGS.map((c) => c.tag)).size, CAPABILITY_TAGS.length, 'tags are unique');
});

test('every tool is classified: tier, complexity, baseline, idempotency', () => {
  const tiers = ['local', 'substrate', 'mixed'];
  const complexities = ['lite', 'standard', 'heavy'];
  const baselines = ['full_file_read', 'grep_recursive', 'walk_directory', 'read_all_changed', null];
  for (const tool of TOOL_REGISTRY) {
    assert.ok(tiers.includes(tool.tier), `${tool.name} tier`);
    assert.ok(complexities.includes(tool.complexity), `${tool.name} complexity`);
    assert.ok(baselines.includes(tool.baseline), `${tool.name} baseline`);
    // Idempotency sits in the effects table beside the other annotations (core/tools/tool-annotations.ts).
    assert.equal(typeof TOOL_EFFECTS[tool.name]?.idempotent, 'boolean', `${tool.name} idempotent`);
    assert.match(tool.name, /^[a-z]+(_[a-z]+)*$/);
  }
});

test('the spec mixed tools are the ones the gate treats as mixed', () => {
  const mixed = TOOL_REGISTRY.filter((t) => t.tier === 'mixed')
    .map((t) => t.name)
    .sort();
  assert.deepEqual(mixed, ['get_analysis_context', 'get_problems', 'mark_complete', 'record_finding', 'submit_resolution']);
});

test('empty_reason values are snake_case with a meaning and a response', () => {
  for (const [value, entry] of Object.entries(EMPTY_REASONS)) {
    assert.match(value, /^[a-z]+(_[a-z]+)*$/);
    assert.ok(entry.meaning.length > 10 && entry.response.length > 5, value);
  }
});
