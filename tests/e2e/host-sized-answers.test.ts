// Answers sized for the host that asked (core/server/host-limits.ts, docs/host-limits.md): a
// get_problems answer far past every host's limit (100 findings, each with a long summary), asked
// for by clients that name themselves as Codex and Claude Code do, in both protocol eras, and by
// a client with no limit of its own here. Each answer fits its host's limit, keeps its first line,
// and ends with the cut line naming the host and how to get the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startClient, textOf, type ClientEra } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { repoWithHistory } from './ledger-fixture.ts';

const FINDINGS = 100;
const CUT = /^\.\.\. answer_capped: cut at (.+?)( for (Codex|Claude Code))? \((\d+) of (\d+) lines shown\); call get_problems again with a smaller limit/;

test('a large answer fits Codex, Claude Code and an unnamed client, each cut at a line break naming how to get the rest', { timeout: 300_000 }, async () => {
  const { repo } = repoWithHistory();
  const home = tempDir('metabob-host-sized-');
  const writer = await startClient({ cwd: repo, env: { METABOB_HOME: home } });
  try {
    for (let i = 0; i < FINDINGS; i++) {
      // Words of its own, so no finding reads as a duplicate of another (SPEC §record_finding "Already recorded").
      const summary = `a() returns the wrong total for case ${i}: ${Array.from({ length: 150 }, (_, j) => `c${i}w${j}`).join(' ')}`;
      const r = await writer.client.callTool({
        name: 'record_finding',
        arguments: { files: ['src/a.ts'], summary, severity: 'HIGH', category: 'correctness' },
      });
      assert.notEqual(r.isError, true, textOf(r));
    }
  } finally {
    await writer.close();
  }

  const ask = async (clientName: string | undefined, era: ClientEra = 'legacy') => {
    const { client, close } = await startClient({ cwd: repo, env: { METABOB_HOME: home }, clientName, era });
    try {
      const text = textOf(await client.callTool({ name: 'get_problems', arguments: { limit: FINDINGS } }));
      const lines = text.split('\n');
      assert.match(lines[0], new RegExp(`^Open findings: ${FINDINGS} `), `${clientName}: the first line is the outcome`);
      const cut = CUT.exec(lines.at(-1)!);
      assert.ok(cut, `${clientName} (${era}): the last line is the cut line: ${lines.at(-1)}`);
      assert.equal(Number(cut[5]) > Number(cut[4]), true, 'the cut line counts what was left out');
      return { text, host: cut[3], limit: cut[1] };
    } finally {
      await close();
    }
  };

  // Codex keeps 10 KiB and 256 lines of a tool's output (its head and tail, dropping the middle).
  for (const era of ['legacy', 'modern'] as const) {
    const codex = await ask('codex-mcp-client', era);
    assert.equal(codex.host, 'Codex', era);
    assert.ok(Buffer.byteLength(codex.text) <= 10 * 1024, `${era}: ${Buffer.byteLength(codex.text)} bytes`);
    assert.ok(codex.text.split('\n').length <= 256, `${era}: ${codex.text.split('\n').length} lines`);
  }

  // Claude Code warns from 10,000 tokens, refuses past 25,000 and files away past 50,000 characters.
  const claude = await ask('claude-code');
  assert.equal(claude.host, 'Claude Code');
  assert.ok(claude.text.length <= 40_000, `${claude.text.length} characters`);
  assert.ok(claude.text.length > 10 * 1024 * 2, 'Claude Code is given more than Codex');

  // A client with no limit of its own here gets the default cap, and the cut line names no host.
  const other = await ask(undefined);
  assert.equal(other.host, undefined);
  assert.equal(other.limit, '10,000 tokens');
  assert.ok(other.text.length <= 40_000, `${other.text.length} characters`);
});
