// META-ENVELOPE §tokens_used: char/4 by default; METABOB_TOKEN_ACCOUNTING=exact counts real
// cl100k_base BPE with js-tiktoken, loaded on first use so a start never pays for it.
import { openSync, readSync, closeSync, statSync } from 'node:fs';
import { log } from '../log.ts';
import { isInstalled, optionalInstallLine } from '../process/optional-install.ts';

type Encoder = { encode(text: string): number[] };
// Process cache: the cl100k_base table loads once, on the first exact count.
let encoder: Promise<Encoder> | undefined;

export function exactAccounting(): boolean {
  return process.env.METABOB_TOKEN_ACCOUNTING === 'exact';
}

/** js-tiktoken: an optional install (core/process/optional-install.ts), loaded on the first exact count. */
export const EXACT_TOKENIZER_PACKAGE = 'js-tiktoken';

/** Whether exact counts are asked for and can be made; without js-tiktoken the heuristic stands in. */
export function exactTokensAvailable(env: NodeJS.ProcessEnv): boolean {
  return env.METABOB_TOKEN_ACCOUNTING === 'exact' && isInstalled(`${EXACT_TOKENIZER_PACKAGE}/lite`);
}

/** Said once per process, when exact counts are asked for and js-tiktoken is not installed. */
let missingSaid = false;

function sayTokenizerMissing(): void {
  if (missingSaid) return;
  missingSaid = true;
  const fallback = 'tokens_used counts chars/4 and tokens_exact is not advertised';
  log.warn(optionalInstallLine('exact token counts', 'METABOB_TOKEN_ACCOUNTING=exact', [EXACT_TOKENIZER_PACKAGE], fallback));
}

async function loadEncoder(): Promise<Encoder> {
  encoder ??= (async () => {
    const { Tiktoken } = await import('js-tiktoken/lite');
    const ranks = (await import('js-tiktoken/ranks/cl100k_base')).default;
    return new Tiktoken(ranks);
  })();
  return encoder;
}

export function heuristicTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export async function countTokens(text: string): Promise<number> {
  if (!exactAccounting()) return heuristicTokens(text);
  if (!exactTokensAvailable(process.env)) {
    sayTokenizerMissing();
    return heuristicTokens(text);
  }
  const enc = await loadEncoder();
  return enc.encode(text).length;
}

const EXACT_FILE_LIMIT = 256 * 1024;

/** Tokens an agent would spend reading this file whole (the full_file_read baseline). */
export async function fileTokens(path: string): Promise<number> {
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return 0;
  }
  if (!exactAccounting() || !exactTokensAvailable(process.env) || size > EXACT_FILE_LIMIT) return Math.ceil(size / 4);
  const buf = Buffer.alloc(size);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, buf, 0, size, 0);
  } finally {
    closeSync(fd);
  }
  return countTokens(buf.toString('utf8'));
}
