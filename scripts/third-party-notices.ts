// vendor/THIRD-PARTY-NOTICES.txt: the license notices of the third-party code the package
// ships inside dist/. esbuild bundles some dependencies into dist/*.js; their licenses (MIT, ISC,
// Unlicense) ask that the notice travel with copies, and an installed dist/ has no
// node_modules beside it for those. Packages left external (EXTERNAL in bundle-options.mjs)
// are installed as dependencies with their own license files, so they are not listed.
// `node --import tsx scripts/third-party-notices.ts` writes the file;
// tests/unit/third-party-notices.test.ts fails when it is stale.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
// @ts-expect-error: a plain .mjs module without types
import { BIN_ENTRY, ESM_ENTRIES, bundleOptions, serveBundleOptions } from './bundle-options.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const NOTICES = join(ROOT, 'vendor', 'THIRD-PARTY-NOTICES.txt');

export interface ShippedPackage {
  name: string;
  version: string;
  license: string;
  /** How dist/ carries it. */
  shippedAs: 'bundled';
  licenseText: string;
}

/** The node_modules folder of the package a file belongs to (the innermost one, for nested copies). */
function packageDirOf(file: string): string {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at === -1) throw new Error(`not inside node_modules: ${file}`);
  const width = parts[at + 1].startsWith('@') ? 3 : 2;
  return parts.slice(0, at + width).join(sep);
}

/** The package folders whose files esbuild puts into dist/, from the metafiles of dist/'s own builds. */
export async function bundledPackageDirs(): Promise<string[]> {
  const outdir = join(ROOT, 'dist.notices');
  const builds = [
    build({ ...bundleOptions({ entryPoints: ESM_ENTRIES, outdir }), write: false, metafile: true, absWorkingDir: ROOT }),
    build({ ...serveBundleOptions({ outfile: join(outdir, 'serve.cjs') }), write: false, metafile: true, absWorkingDir: ROOT }),
    build({ ...bundleOptions({ entryPoints: BIN_ENTRY, outdir, shebang: true }), splitting: false, write: false, metafile: true, absWorkingDir: ROOT }),
  ];
  const metafiles: Metafile[] = (await Promise.all(builds)).map((r) => r.metafile!);
  const dirs = new Set<string>();
  for (const meta of metafiles) {
    for (const input of Object.keys(meta.inputs)) {
      if (!input.split('/').includes('node_modules')) continue;
      dirs.add(packageDirOf(join(ROOT, input)));
      for (const nested of nestedPackageDirs(join(ROOT, input))) dirs.add(nested);
    }
  }
  return [...dirs];
}

/**
 * Packages a bundled file carries inside it, by its own source map: the MCP SDK ships its
 * dist/ pre-bundled (content-type is compiled into its server package), so that code reaches
 * dist/ without being an input of ours. Each is read from this project's node_modules, at the
 * version the map names; one not installed at that version fails, so a person reads its terms.
 */
function nestedPackageDirs(file: string): string[] {
  const map = `${file}.map`;
  if (!existsSync(map)) return [];
  const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
  const found = new Set<string>();
  for (const source of sources) {
    const m = /\.pnpm\/((?:@[^+/]+\+)?[^@/]+)@([^_/]+)[^/]*\//.exec(source);
    if (!m) continue;
    const [name, version] = [m[1].replace('+', '/'), m[2]];
    const dir = join(ROOT, 'node_modules', name);
    const installed = existsSync(join(dir, 'package.json'))
      ? (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
      : undefined;
    if (installed !== version)
      throw new Error(`${relative(ROOT, file)} bundles ${name}@${version}, which is not installed at that version to read its license`);
    found.add(dir);
  }
  return [...found];
}

const LICENSE_FILE = /^(licen[cs]e|copying)(\.(md|txt))?$/i;

function shippedPackage(dir: string, shippedAs: ShippedPackage['shippedAs']): ShippedPackage {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const file = readdirSync(dir).find((f) => LICENSE_FILE.test(f));
  // A package without a license file gives nothing to reproduce: fail, so a person reads its terms.
  if (!file || !existsSync(join(dir, file))) throw new Error(`${pkg.name}: no LICENSE file in ${relative(ROOT, dir)}`);
  return { name: pkg.name, version: pkg.version, license: pkg.license ?? 'UNKNOWN', shippedAs, licenseText: readFileSync(join(dir, file), 'utf8').trim() };
}

/** Every third-party package dist/ carries, by name then version. */
export async function shippedPackages(): Promise<ShippedPackage[]> {
  const bundled = (await bundledPackageDirs()).map((d) => shippedPackage(d, 'bundled'));
  const byKey = new Map(bundled.map((p) => [`${p.name}@${p.version}`, p]));
  return [...byKey.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

export function noticesText(packages: ShippedPackage[]): string {
  const rule = '-'.repeat(78);
  const header = [
    'Third-party notices for @metabob/mcp',
    '',
    'dist/ contains code from the packages below: "bundled" means esbuild copied the',
    "package's JavaScript into dist/*.js. Each package's license follows, as the package",
    'ships it. Generated by scripts/third-party-notices.ts; do not edit by hand.',
  ];
  const sections = packages.map((p) => [rule, `${p.name} ${p.version} (${p.license}; ${p.shippedAs})`, rule, '', p.licenseText].join('\n'));
  return [header.join('\n'), ...sections].join('\n\n') + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(NOTICES, noticesText(await shippedPackages()));
  process.stderr.write(`wrote ${relative(ROOT, NOTICES)}\n`);
}
