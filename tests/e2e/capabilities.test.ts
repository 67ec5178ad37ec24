// Runtime probes for the capability tags the foundation advertises (META-ENVELOPE
// §capabilities): each tag is checked against the running server, not against the table.
import assert from 'node:assert/strict';
import { realpathSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { metaOf, startClient, textOf } from '../helpers/client.ts';
import { tempDir } from '../helpers/git.ts';
import { capabilityProbe } from '../helpers/probe.ts';
import { TOOL_REGISTRY } from '../../core/tools/registry.ts';
import { FIRST_STEPS } from '../../core/server/prompts.ts';

capabilityProbe('schema_v1', async () => {
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    const meta = metaOf(await client.callTool({ name: 'get_metrics', arguments: {} }));
    assert.ok(meta.capabilities.includes('schema_v1'));
    assert.equal(meta.schema_version, 1);
  } finally {
    await close();
  }
});

capabilityProbe('tokens_used_envelope', async () => {
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    // An answer, a refusal of the arguments and a gate refusal (a name no tool has is a protocol error, with no envelope).
    for (const name of ['get_metrics', 'record_finding', 'concept_search']) {
      const result = await client.callTool({ name, arguments: {} });
      // The default accounting is char/4 of the answer text.
      assert.equal(metaOf(result).tokens_used, Math.ceil(textOf(result).length / 4), name);
    }
  } finally {
    await close();
  }
});

capabilityProbe('tokens_exact', async () => {
  const { client, close } = await startClient({ cwd: tempDir(), env: { METABOB_TOKEN_ACCOUNTING: 'exact' } });
  try {
    const result = await client.callTool({ name: 'search_codebase', arguments: { query: 1 } });
    const meta = metaOf(result);
    assert.ok(meta.capabilities.includes('tokens_exact'));
    const exact = new Tiktoken(cl100k).encode(textOf(result)).length;
    assert.equal(meta.tokens_used, exact);
    assert.notEqual(exact, Math.ceil(textOf(result).length / 4), 'the probe text tells the two accountings apart');
  } finally {
    await close();
  }
});

capabilityProbe('complexity_tier', async () => {
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    for (const tool of TOOL_REGISTRY) {
      const meta = metaOf(await client.callTool({ name: tool.name, arguments: {} }));
      assert.equal(meta.complexity_tier, tool.complexity, tool.name);
    }
  } finally {
    await close();
  }
});

capabilityProbe('standardized_error_envelope', async () => {
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    const failures = [
      await client.callTool({ name: 'claim_finding', arguments: { problem_id: 'agf_0000000000000000' } }),
      await client.callTool({ name: 'search_codebase', arguments: { query: 1 } }),
      await client.callTool({ name: 'record_finding', arguments: {} }),
    ];
    for (const result of failures) {
      assert.equal(result.isError, true);
      const text = textOf(result);
      assert.match(text, /^[a-z_]+[:(]/, 'starts with a cause token');
      assert.equal(text.split('\n').length, 1, 'one line');
      const [first] = metaOf(result).diagnosis_v2;
      assert.deepEqual(
        Object.keys(first)
          .sort()
          .filter((k) => k !== 'data'),
        ['code', 'message', 'severity'],
      );
      assert.equal(first.severity, 'error');
      assert.equal(text.startsWith(first.code), true);
    }
  } finally {
    await close();
  }
});

capabilityProbe('mcp_logging', async () => {
  // logging/setLevel is a 2025-era request (docs/protocol-eras.md): the probe opens in that era.
  const { client, close } = await startClient({ cwd: tempDir(), era: 'legacy' });
  try {
    const lines: string[] = [];
    client.setNotificationHandler('notifications/message', (n) => {
      lines.push(String(n.params.data));
    });
    await client.callTool({ name: 'get_metrics', arguments: {} });
    assert.equal(lines.length, 0, 'nothing is sent before logging/setLevel');
    await client.setLoggingLevel('debug');
    const result = await client.callTool({ name: 'get_metrics', arguments: {} });
    const id = metaOf(result).request_id;
    for (let i = 0; i < 50 && !lines.some((l) => l.includes(id)); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(
      lines.some((l) => new RegExp(`^get_metrics (ok|error) in \\d+ ms \\(${id}\\)$`).test(l)),
      lines.join('\n'),
    );
  } finally {
    await close();
  }
});

capabilityProbe('mcp_prompts', async () => {
  const { client, close } = await startClient({ cwd: tempDir() });
  try {
    const { prompts } = await client.listPrompts();
    assert.deepEqual(
      prompts.map((p) => p.name),
      ['metabob-start'],
    );
    const prompt = await client.getPrompt({ name: 'metabob-start' });
    const text = (prompt.messages[0].content as { text: string }).text;
    FIRST_STEPS.forEach((step, i) => assert.ok(text.includes(`${i + 1}. ${step}`), step));
    await assert.rejects(client.getPrompt({ name: 'nope' }), /unknown prompt "nope"/);
  } finally {
    await close();
  }
});

capabilityProbe('roots_workspace', async () => {
  const project = join(tempDir(), 'my-project');
  mkdirSync(project);
  const launchedIn = tempDir();
  const { client, close } = await startClient({ cwd: launchedIn, roots: [project] });
  try {
    const meta = metaOf(await client.callTool({ name: 'get_metrics', arguments: {} }));
    assert.equal(meta.project_name, basename(realpathSync(project)));
  } finally {
    await close();
  }
  const withoutRoots = await startClient({ cwd: launchedIn });
  try {
    const meta = metaOf(await withoutRoots.client.callTool({ name: 'get_metrics', arguments: {} }));
    assert.equal(meta.project_name, basename(realpathSync(launchedIn)));
  } finally {
    await withoutRoots.close();
  }
});
