// Finds comparisons of a value against a language's or grammar's name written as a string
// literal (`x === 'python'`, `'go' !== x`, `case 'rust':`) in the TypeScript under a folder.
// Outside the language modules such a comparison is a rule about one language living where
// adding a language cannot see it (STYLE habit 15).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface LanguageLiteral {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(dir: string, skip: (path: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (skip(path)) continue;
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, skip));
    else if (/\.(ts|tsx|mts|cts)$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * Every literal comparison against one of `names` in the .ts/.tsx files under `root` (paths
 * reported relative to `base`), skipping the folders `skip` accepts.
 */
export function languageLiteralComparisons(
  root: string,
  names: readonly string[],
  base: string,
  skip: (path: string) => boolean = () => false,
): LanguageLiteral[] {
  const alternatives = [...new Set(names)].map((n) => n.replace(/[^a-z0-9_-]/gi, '')).join('|');
  // The nth capture group is the nth literal's opening quote, which its closing one repeats.
  const literal = (n: number) => `(['"\`])(?:${alternatives})\\${n}`;
  // Bounded pieces only (no nested quantifiers): linear on any line.
  const comparison = new RegExp(`(?:===|!==|==|!=)\\s*${literal(1)}|${literal(2)}\\s*(?:===|!==|==|!=)|\\bcase\\s+${literal(3)}\\s*:`, 'g');
  const found: LanguageLiteral[] = [];
  for (const file of sourceFiles(root, skip)) {
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      for (const match of text.matchAll(comparison)) found.push({ file: relative(base, file), line: i + 1, text: match[0] });
    });
  }
  return found;
}
