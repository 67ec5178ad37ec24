// `metabob-mcp edit-check [--host claude-code|codex]`: the edit check the plugins install as a
// host hook (READING-NOTES §"The attached marker and the edit check"). The host writes its hook
// JSON on stdin: a file read (Claude Code's PostToolUse on Read, whose text the host places with
// the read's result, before the model's next move), or an edit (PreToolUse), or a shell command or
// patch (Codex, which names the files in `command`). When a live metabob server covers the file and
// its edit news (identity/edit-news.ts) holds open findings on it that the agent has not asked
// get_problems about, the check says so once per file per session, in the host's hook output;
// otherwise it prints nothing, so it costs the model nothing. It never blocks the edit: every
// path, a malformed or oversized input included, exits 0. Speed is held by scripts/bench/edit-check.ts.
import { statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { defineCommand, EXIT, UsageError } from './command.ts';
import { pipeWriter } from '../pipe-writer.ts';

/** The hook input read, at most: a Write carries the whole new file, and the path comes first. */
export const HOOK_INPUT_CAP = 1024 * 1024;
/** How long the check waits for the host to finish writing stdin before answering nothing. */
const STDIN_WAIT_MS = 1000;
/** Longest path echoed into the reminder. */
const PATH_ECHO_CAP = 512;
/** Most files one hook input is checked for (a shell command can name many). */
const FILES_CHECKED = 8;

const HOSTS = ['claude-code', 'codex'] as const;
type HookHost = (typeof HOSTS)[number];

/** The keys hosts put the edited file under: Edit/Write/MultiEdit, NotebookEdit, others. */
const PATH_KEYS = ['file_path', 'notebook_path', 'path'] as const;

/** Linear: one quoted key, optional spaces, a quoted value without escapes. */
const PATH_IN_PREFIX = /"(?:file_path|notebook_path)"\s{0,16}:\s{0,16}"([^"\\]{1,4096})"/;

/** A patch's file headers (Codex's apply_patch). */
const PATCH_FILE = /^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm;

export interface HookInput {
  cwd?: string;
  /** The files the tool reads or edits: one for Read/Edit/Write, those a command or patch names. */
  files: string[];
  /** The host's event, echoed in the output (PreToolUse when not given). */
  event?: string;
}

/** Words of a shell command that name an existing file under `cwd` (`sed -n 1,80p src/b.ts`). */
function filesInCommand(command: string, cwd: string | undefined): string[] {
  const files: string[] = [];
  for (const word of command.split(/[\s;|&<>()'"]+/)) {
    if (files.length === FILES_CHECKED) break;
    if (!/^[\w./@+-]{1,4096}$/.test(word) || !/[./]/.test(word) || word.startsWith('-')) continue;
    try {
      if (statSync(isAbsolute(word) ? word : resolve(cwd ?? process.cwd(), word)).isFile()) files.push(word);
    } catch {
      // not a file
    }
  }
  return files;
}

/** The files and the host's working directory, from the hook JSON (or its capped prefix). */
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
    const cwd = typeof top.cwd === 'string' ? top.cwd : undefined;
    const event = typeof top.hook_event_name === 'string' ? top.hook_event_name : undefined;
    const file = [...PATH_KEYS.map((k) => input[k]), ...PATH_KEYS.map((k) => top[k])].find((v): v is string => typeof v === 'string' && v !== '');
    if (file) return { cwd, event, files: [file] };
    const command = Array.isArray(input.command) ? input.command.join(' ') : typeof input.command === 'string' ? input.command : undefined;
    if (!command) return { cwd, event, files: [] };
    const patched = [...command.matchAll(PATCH_FILE)].map((m) => m[1].trim()).slice(0, FILES_CHECKED);
    return { cwd, event, files: patched.length ? patched : filesInCommand(command, cwd) };
  }
  // An input past the cap is cut mid-JSON: the path, which hosts write before the content, is still there.
  const match = PATH_IN_PREFIX.exec(raw);
  return { files: match ? [match[1]] : [] };
}

/** The reminder for one file, or undefined when there is no news on it for this session. */
export async function reminderFor(given: string, cwd: string | undefined, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const file = isAbsolute(given) ? given : resolve(cwd ?? process.cwd(), given);
  const { liveMarkerAbove } = await import('../identity/attached-marker.ts');
  const marker = liveMarkerAbove(file, env);
  if (!marker) return undefined;
  const { askedAbout, firstReminder, readEditNews } = await import('../identity/edit-news.ts');
  const news = readEditNews(marker.workspace, marker.session_id, env);
  const rel = relative(marker.workspace, file);
  const open = news?.files[rel];
  if (!news || !open?.length || askedAbout(news, rel) || !firstReminder(marker.workspace, marker.session_id, rel, env)) return undefined;
  const shown = JSON.stringify(rel.length > PATH_ECHO_CAP ? `${rel.slice(0, PATH_ECHO_CAP)}...` : rel);
  const calls = [`get_problems {"file_path": ${shown}}`];
  if (marker.attached) calls.push(`path_activity {"paths": [${shown}]}`);
  return [
    `metabob: ${rel} has open findings other agents recorded; read them before you edit it:`,
    ...open.map((line) => `  ${line}`),
    `${calls.join(' and ')} has the details; mark_complete the one your edit fixes.`,
  ].join('\n');
}

/** The host's hook output adding context for the model; neither host blocks on it. */
export function hookOutput(host: HookHost, event: string | undefined, reminder: string): string {
  // Claude Code and Codex read the same hookSpecificOutput shape, for PreToolUse and PostToolUse alike.
  void host;
  return JSON.stringify({ hookSpecificOutput: { hookEventName: event === 'PostToolUse' ? 'PostToolUse' : 'PreToolUse', additionalContext: reminder } }) + '\n';
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
  summary: 'host hook: before the first edit of a file, the open findings on it the agent has not asked about (never blocks)',
  options: {
    host: { type: 'string', value: 'claude-code|codex', description: 'the hook output format (default claude-code)' },
  },
  async run({ flags }) {
    const host = (flags.host ?? 'claude-code') as HookHost;
    if (!HOSTS.includes(host)) throw new UsageError(`--host takes ${HOSTS.join(' or ')}`);
    try {
      const { raw, truncated } = await readCappedStdin();
      const input = readHookInput(raw, truncated);
      const reminders: string[] = [];
      for (const file of input.files) {
        const reminder = await reminderFor(file, input.cwd, process.env);
        if (reminder) reminders.push(reminder);
      }
      if (reminders.length) await pipeWriter()(hookOutput(host, input.event, reminders.join('\n')));
    } catch {
      // The edit check never stands in the way of an edit: no answer is its only failure.
    }
    return EXIT.ok;
  },
});
