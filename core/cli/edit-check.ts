// `metabob-mcp edit-check [--host claude-code|codex]`: the edit check the plugins install as a
// host hook (READING-NOTES §"The attached marker and the edit check"). The host writes its hook
// JSON on stdin; when a metabob server's live marker covers the edited file, the reminder to
// read get_problems (and path_activity when attached) goes out in the host's hook output. It
// never blocks the edit: every path, a malformed or oversized input included, exits 0, and an
// answer that would take long is no answer. Speed is held by scripts/bench/edit-check.ts.
import { isAbsolute, relative, resolve } from 'node:path';
import { defineCommand, EXIT, UsageError } from './command.ts';
import { pipeWriter } from '../pipe-writer.ts';

/** The hook input read, at most: a Write carries the whole new file, and the path comes first. */
export const HOOK_INPUT_CAP = 1024 * 1024;
/** How long the check waits for the host to finish writing stdin before answering nothing. */
const STDIN_WAIT_MS = 1000;
/** Longest path echoed into the reminder. */
const PATH_ECHO_CAP = 512;

const HOSTS = ['claude-code', 'codex'] as const;
type HookHost = (typeof HOSTS)[number];

/** The keys hosts put the edited file under: Edit/Write/MultiEdit, NotebookEdit, others. */
const PATH_KEYS = ['file_path', 'notebook_path', 'path'] as const;

/** Linear: one quoted key, optional spaces, a quoted value without escapes. */
const PATH_IN_PREFIX = /"(?:file_path|notebook_path)"\s{0,16}:\s{0,16}"([^"\\]{1,4096})"/;

export interface HookInput {
  cwd?: string;
  file?: string;
}

/** The edited file and the host's working directory, from the hook JSON (or its capped prefix). */
export function readHookInput(raw: string, truncated: boolean): HookInput {
  let parsed: unknown;
  try {
    parsed = truncated ? undefined : JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (parsed && typeof parsed === 'object') {
    const top = parsed as Record<string, unknown>;
    const input = (top.tool_input && typeof top.tool_input === 'object' ? top.tool_input : {}) as Record<string, unknown>;
    const file = [...PATH_KEYS.map((k) => input[k]), ...PATH_KEYS.map((k) => top[k])].find((v): v is string => typeof v === 'string' && v !== '');
    return { cwd: typeof top.cwd === 'string' ? top.cwd : undefined, file };
  }
  // An input past the cap is cut mid-JSON: the path, which hosts write before the content, is still there.
  const match = PATH_IN_PREFIX.exec(raw);
  return { file: match?.[1] };
}

/** The reminder for one file, or undefined when no live server covers it. */
export async function reminderFor(input: HookInput, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  if (!input.file) return undefined;
  const file = isAbsolute(input.file) ? input.file : resolve(input.cwd ?? process.cwd(), input.file);
  const { liveMarkerAbove } = await import('../identity/attached-marker.ts');
  const marker = liveMarkerAbove(file, env);
  if (!marker) return undefined;
  const rel = relative(marker.workspace, file) || file;
  const shown = JSON.stringify(rel.length > PATH_ECHO_CAP ? `${rel.slice(0, PATH_ECHO_CAP)}...` : rel);
  const calls = [`get_problems {"file_path": ${shown}}`];
  if (marker.attached) calls.push(`path_activity {"paths": [${shown}]}`);
  return `metabob: ${rel} is in a workspace other agents share (${marker.workspace}). Before editing it, call ${calls.join(' and ')} to see the open findings${marker.attached ? ' and who else is working there' : ''}.`;
}

/** The host's hook output for additional context before a tool runs; neither host blocks on it. */
export function hookOutput(host: HookHost, reminder: string): string {
  // Claude Code and Codex read the same PreToolUse shape.
  void host;
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: reminder } }) + '\n';
}

async function readCappedStdin(): Promise<{ raw: string; truncated: boolean }> {
  const stdin = process.stdin;
  if (stdin.isTTY) return { raw: '', truncated: false };
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (truncated: boolean) => {
      clearTimeout(timer);
      stdin.removeAllListeners('data');
      stdin.pause();
      done({ raw: Buffer.concat(chunks).toString('utf8').slice(0, HOOK_INPUT_CAP), truncated });
    };
    const timer = setTimeout(() => finish(true), STDIN_WAIT_MS);
    stdin.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= HOOK_INPUT_CAP) finish(true);
    });
    stdin.once('end', () => finish(false));
    stdin.once('error', () => finish(true));
  });
}

export const editCheckCommand = defineCommand({
  name: 'edit-check',
  summary: 'host hook: before an edit, remind the agent of the ledger when a metabob server covers the file (never blocks)',
  options: {
    host: { type: 'string', value: 'claude-code|codex', description: 'the hook output format (default claude-code)' },
  },
  async run({ flags }) {
    const host = (flags.host ?? 'claude-code') as HookHost;
    if (!HOSTS.includes(host)) throw new UsageError(`--host takes ${HOSTS.join(' or ')}`);
    try {
      const { raw, truncated } = await readCappedStdin();
      const reminder = await reminderFor(readHookInput(raw, truncated), process.env);
      if (reminder) await pipeWriter()(hookOutput(host, reminder));
    } catch {
      // The edit check never stands in the way of an edit: no answer is its only failure.
    }
    return EXIT.ok;
  },
});
