// tsconfig.json `compilerOptions.baseUrl` / `paths` of the workspace (SPEC §init_workspace), read
// once per index. tsconfig is JSONC: comments and trailing commas are allowed. A relative
// `extends` is followed (up to 5 levels); a package `extends` is not.
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { TsPathsConfig } from './module-resolver.ts';

/** Strips // and /* comments outside strings, and trailing commas. */
export function parseJsonc(text: string): unknown {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      out += c;
      i++;
    }
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
}

interface RawCompilerOptions {
  baseUrl?: string;
  paths?: Record<string, string[]>;
}

function readOptions(file: string, depth: number): { options: RawCompilerOptions; dir: string; pathsDir: string } | undefined {
  let raw: { extends?: string; compilerOptions?: RawCompilerOptions };
  try {
    raw = parseJsonc(readFileSync(file, 'utf8')) as typeof raw;
  } catch {
    return undefined;
  }
  const dir = dirname(file);
  let inherited: ReturnType<typeof readOptions>;
  if (raw.extends && raw.extends.startsWith('.') && depth < 5) {
    const target = resolve(dir, raw.extends.endsWith('.json') ? raw.extends : `${raw.extends}.json`);
    inherited = readOptions(target, depth + 1);
  }
  const own = raw.compilerOptions ?? {};
  const options: RawCompilerOptions = { ...inherited?.options, ...own };
  // baseUrl is relative to the file that sets it; paths without a baseUrl to the file that sets paths.
  const baseDir = own.baseUrl !== undefined ? resolve(dir, own.baseUrl) : inherited && options.baseUrl !== undefined ? inherited.dir : undefined;
  const pathsDir = own.paths ? dir : (inherited?.pathsDir ?? dir);
  return { options, dir: baseDir ?? dir, pathsDir };
}

/** The workspace's path mapping, or undefined when it has no tsconfig.json / jsconfig.json with either. */
export function readTsPaths(root: string): TsPathsConfig | undefined {
  for (const name of ['tsconfig.json', 'jsconfig.json']) {
    const found = readOptions(join(root, name), 0);
    if (!found) continue;
    const { options } = found;
    if (options.baseUrl === undefined && !options.paths) return undefined;
    const baseAbs = options.baseUrl !== undefined ? found.dir : found.pathsDir;
    const baseUrl = relative(root, baseAbs).split('\\').join('/');
    return {
      baseUrl,
      hasBaseUrl: options.baseUrl !== undefined,
      paths: Object.entries(options.paths ?? {}).map(([pattern, targets]) => ({ pattern, targets })),
    };
  }
  return undefined;
}
