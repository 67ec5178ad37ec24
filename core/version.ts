// The package version: inlined by the build, read from package.json when run from source.
import { readFileSync } from 'node:fs';

function versionFromPackage(): string {
  try {
    return JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;
  } catch {
    return '0.0.0-dev';
  }
}

export const VERSION: string = process.env.METABOB_BUILD_VERSION ?? versionFromPackage();
