// The edit news (READING-NOTES §"The attached marker and the edit check"): beside a workspace's
// attached marker, what is open on each of its files that the agent has not heard of (findings
// other sessions recorded; claims and gaps the ledger read named), and which files it already
// asked get_problems about. The server rewrites it after each call; the edit check reads it, so
// the check answers from one small file, never from the store. The check keeps its own record of
// the files it has already spoken of, per server session, so it speaks once per file.
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { makeOwnerOnly } from '../config/metabob-home.ts';
import { basename, dirname, join } from 'node:path';
import { markerPathFor } from './attached-marker.ts';

export interface EditNews {
  /** The server session that wrote it (the attached marker's session_id). */
  session_id: string;
  workspace: string;
  written_at: string;
  /** Workspace-relative file -> one line per open item on it, most severe first. */
  files: Record<string, string[]>;
  /** get_problems `file_path` values this session asked with (a substring match, as the tool applies it). */
  asked: string[];
}

/** `<metabob dir>/edit-news/`, beside the markers folder: the markers folder holds markers only. */
function editNewsDir(workspace: string, env: NodeJS.ProcessEnv): string {
  return join(dirname(dirname(markerPathFor(workspace, env))), 'edit-news');
}

/** `<metabob dir>/edit-news/<hash>.json`, named as the workspace's marker is. */
export function editNewsPathFor(workspace: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(editNewsDir(workspace, env), basename(markerPathFor(workspace, env)));
}

/** `<metabob dir>/edit-news/<hash>.reminded.json`: the files the edit check has spoken of, for one session. */
export function remindedPathFor(workspace: string, env: NodeJS.ProcessEnv): string {
  return editNewsPathFor(workspace, env).replace(/\.json$/, '.reminded.json');
}

function writeOwnerOnly(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(value) + '\n', { mode: 0o600 });
  makeOwnerOnly(tmp);
  renameSync(tmp, path);
}

export function writeEditNews(news: EditNews, env: NodeJS.ProcessEnv = process.env): void {
  writeOwnerOnly(editNewsPathFor(news.workspace, env), news);
}

export function removeEditNews(workspace: string, env: NodeJS.ProcessEnv = process.env): void {
  rmSync(editNewsPathFor(workspace, env), { force: true });
  rmSync(remindedPathFor(workspace, env), { force: true });
}

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The news for a workspace if the given session wrote it (a stale file from an earlier server says nothing). */
export function readEditNews(workspace: string, sessionId: string, env: NodeJS.ProcessEnv = process.env): EditNews | undefined {
  const news = readJson<EditNews>(editNewsPathFor(workspace, env));
  return news?.session_id === sessionId && news.files && Array.isArray(news.asked) ? news : undefined;
}

/** Whether the agent asked get_problems about `file`: some asked path is part of it, as the tool matches. */
export function askedAbout(news: EditNews, file: string): boolean {
  return news.asked.some((asked) => asked !== '' && file.includes(asked));
}

/**
 * Records that the edit check spoke of `file` in this session; false when it already had, so
 * the reminder is said once per file per session.
 */
export function firstReminder(workspace: string, sessionId: string, file: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const path = remindedPathFor(workspace, env);
  const seen = readJson<{ session_id: string; files: string[] }>(path);
  const files = seen?.session_id === sessionId && Array.isArray(seen.files) ? seen.files : [];
  if (files.includes(file)) return false;
  writeOwnerOnly(path, { session_id: sessionId, files: [...files, file] });
  return true;
}
