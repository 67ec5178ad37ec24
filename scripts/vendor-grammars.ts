// `node --import tsx scripts/vendor-grammars.ts`: copies each grammar's .wasm from the npm
// release of its grammar project (the package and version its language module names in
// `grammarPackages`) into vendor/grammars/, with the package's license and a manifest of
// versions, tarball integrity and file hashes (vendor/grammars/grammars.json).
//
// Why vendored rather than depended on: the grammar packages are native Node bindings first;
// installing one runs `node-gyp-build` and brings node-addon-api, and where no prebuilt binary
// fits the platform the install compiles C or fails, for a binding the server never loads.
// The server needs only the .wasm (SPEC §init_workspace `lazy-native`: nothing native for
// parsing). tests/unit/vendored-grammars.test.ts holds the files to the manifest and the
// manifest to the language modules.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GRAMMAR_PACKAGES, type GrammarId } from '../core/index/extract/languages/registry.ts';
import { GRAMMAR_MANIFEST, GRAMMARS_DIR, type GrammarManifest } from '../core/index/extract/grammar-files.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function sha256Of(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function main(): void {
  const byPackage = new Map<string, GrammarId[]>();
  for (const [grammar, spec] of Object.entries(GRAMMAR_PACKAGES) as Array<[GrammarId, string]>) {
    byPackage.set(spec, [...(byPackage.get(spec) ?? []), grammar]);
  }
  const dir = join(ROOT, GRAMMARS_DIR);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) rmSync(join(dir, name));
  const manifest: GrammarManifest = { packages: {}, files: {} };
  const work = mkdtempSync(join(tmpdir(), 'vendor-grammars-'));
  try {
    for (const [spec, grammars] of [...byPackage].sort(([a], [b]) => a.localeCompare(b))) {
      const [packed] = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], { cwd: work, encoding: 'utf8' })) as [
        { filename: string; integrity: string },
      ];
      const unpacked = join(work, spec.replace(/[@/]/g, '_'));
      mkdirSync(unpacked, { recursive: true });
      execFileSync('tar', ['xzf', join(work, packed.filename), '-C', unpacked]);
      const pkgDir = join(unpacked, 'package');
      const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { name: string; license?: string };
      const licenseFile = `LICENSE.${pkg.name}`;
      copyFileSync(join(pkgDir, 'LICENSE'), join(dir, licenseFile));
      manifest.packages[spec] = { license: pkg.license ?? 'UNKNOWN', integrity: packed.integrity, licenseFile };
      for (const grammar of grammars) {
        const file = `tree-sitter-${grammar}.wasm`;
        copyFileSync(join(pkgDir, file), join(dir, file));
        manifest.files[file] = { from: spec, sha256: sha256Of(join(dir, file)) };
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(join(dir, GRAMMAR_MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  console.log(`vendored ${Object.keys(manifest.files).length} grammars from ${Object.keys(manifest.packages).length} packages into ${GRAMMARS_DIR}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
