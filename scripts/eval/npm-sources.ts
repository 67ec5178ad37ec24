// Rule 2 of corpora.ts for npm packages: which files of a tarball are sources someone wrote,
// decided from the file list alone, so the walk that chooses corpora (choose-npm-corpora.ts)
// and the copy that is indexed (corpora.ts) take the same files.
const SOURCE_MIN = 10;
const SOURCE_MAX = 2000;

/** Folders a build writes into (`dist-node`, `esm5` too): JavaScript there is output, not what someone wrote. */
const isBuildDir = (dir: string) => /^(dist|build|out|umd|esm|cjs|bundles?|min|es|es5|es6|es20\d\d)([-_.].*|\d*)$/.test(dir);

/** Tests and fixtures are not the library: a corpus is the code its users call. */
const isTest = (path: string) => /(^|\/)(__tests__|tests?|spec|__mocks__|fixtures?|examples?)\//.test(path) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(path);

export interface Verdict {
  kind: 'ts' | 'js' | 'none';
  /** The deepest folder holding every source ('.' when that is the package root): what is indexed. */
  dir: string;
  sources: string[];
  why: string;
}

function commonDir(paths: string[]): string {
  let common = paths[0]!.split('/').slice(0, -1);
  for (const p of paths) {
    const parts = p.split('/').slice(0, -1);
    let i = 0;
    while (i < common.length && common[i] === parts[i]) i++;
    common = common.slice(0, i);
  }
  return common.length ? common.join('/') : '.';
}

/** Whether a tarball's files (package-relative paths) are sources a corpus can be made of, and which. */
export function classifySources(files: string[]): Verdict {
  const ts = files.filter((f) => /\.(ts|tsx|mts|cts)$/.test(f) && !/\.d\.[cm]?ts$/.test(f) && !isTest(f));
  if (ts.length >= SOURCE_MIN) {
    if (ts.length > SOURCE_MAX) return { kind: 'none', dir: '', sources: [], why: `more than ${SOURCE_MAX} TypeScript sources` };
    return { kind: 'ts', dir: commonDir(ts), sources: ts, why: 'TypeScript sources' };
  }
  if (files.some((f) => f.endsWith('.map'))) return { kind: 'none', dir: '', sources: [], why: 'source maps: its JavaScript is built' };
  const js = files.filter((f) => /\.(js|cjs|mjs|jsx)$/.test(f) && !/\.min\.[cm]?js$/.test(f) && !isTest(f) && !f.split('/').slice(0, -1).some(isBuildDir));
  // TypeScript compiled without maps leaves a declaration beside every file it wrote.
  const declared = js.filter((f) => files.includes(f.replace(/\.[cm]?jsx?$/, '.d.ts'))).length;
  if (js.length >= SOURCE_MIN && declared * 2 > js.length) return { kind: 'none', dir: '', sources: [], why: 'a .d.ts beside most files: compiled TypeScript' };
  if (js.length < SOURCE_MIN) return { kind: 'none', dir: '', sources: [], why: `fewer than ${SOURCE_MIN} source files (${js.length})` };
  if (js.length > SOURCE_MAX) return { kind: 'none', dir: '', sources: [], why: `more than ${SOURCE_MAX} JavaScript sources` };
  return { kind: 'js', dir: commonDir(js), sources: js, why: 'hand-written JavaScript' };
}
