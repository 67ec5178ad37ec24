// Files that change with everything for mechanical reasons (lockfiles, build output, minified
// bundles, source maps). They are noise as co-change predictions: an agent is never helped by
// "package-lock.json changes with your file". One list, used by every co-change reader
// (predict_cochanges, assign_git_changes, init_workspace's co-change count).

/** Exact file names (any directory) of dependency lockfiles and checksums. */
const LOCKFILE_NAMES = new Set([
  'package-lock.json',
  'npm-shrinkwrap.json',
  'yarn.lock',
  'pnpm-lock.yaml',
  'bun.lock',
  'bun.lockb',
  'deno.lock',
  'Cargo.lock',
  'poetry.lock',
  'Pipfile.lock',
  'uv.lock',
  'pdm.lock',
  'go.sum',
  'go.work.sum',
  'Gemfile.lock',
  'composer.lock',
  'mix.lock',
  'pubspec.lock',
  'Podfile.lock',
  'packages.lock.json',
  'gradle.lockfile',
  'flake.lock',
  'Package.resolved',
]);

/** Directory names whose contents are build output or installed dependencies. */
const GENERATED_DIRS = new Set([
  'dist',
  'build',
  'out',
  'coverage',
  'node_modules',
  '__pycache__',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.parcel-cache',
  '.tox',
]);

/** File-name suffixes of minified bundles, source maps and compiled or generated code. */
const GENERATED_SUFFIXES = [
  '.min.js',
  '.min.mjs',
  '.min.css',
  '.map',
  '.pyc',
  '.pyo',
  '.tsbuildinfo',
  '.pb.go',
  '_pb2.py',
  '_pb2_grpc.py',
  '.pb.ts',
  '.g.dart',
  '.freezed.dart',
  '.designer.cs',
];

/** True for a lockfile or generated file, by its (repository- or workspace-relative) path. */
export function isLockfileOrGenerated(path: string): boolean {
  const slash = path.lastIndexOf('/');
  const name = slash === -1 ? path : path.slice(slash + 1);
  if (LOCKFILE_NAMES.has(name)) return true;
  for (const suffix of GENERATED_SUFFIXES) if (name.endsWith(suffix)) return true;
  if (slash !== -1) {
    for (const segment of path.slice(0, slash).split('/')) if (GENERATED_DIRS.has(segment)) return true;
  }
  return false;
}
