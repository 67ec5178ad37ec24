// Optional installs: the packages a feature loads only when the user asks for it (the
// OpenTelemetry SDK for OTLP traces, js-tiktoken for exact token counts, Ink for the live view of
// doctor and attach --check). package.json lists them as optional peer dependencies, so
// `npx -y @metabob/mcp` does not install them, and the feature names what to install when asked
// for without them, in one line.
import { createRequire } from 'node:module';

const resolver = createRequire(import.meta.url);
const installed = new Map<string, boolean>();

/** Whether `specifier` resolves from the installed package, asked once per process. */
export function isInstalled(specifier: string): boolean {
  let found = installed.get(specifier);
  if (found === undefined) {
    try {
      resolver.resolve(specifier);
      found = true;
    } catch {
      found = false;
    }
    installed.set(specifier, found);
  }
  return found;
}

/** The packages of `packages` that are not installed. */
export function missingPackages(packages: string[]): string[] {
  return packages.filter((name) => !isInstalled(name));
}

/**
 * The one line a feature asked for without its optional install says: which packages are
 * missing and the two ways to add them beside metabob-mcp.
 */
export function optionalInstallLine(feature: string, asked: string, missing: string[], fallback: string): string {
  const names = missing.join(' ');
  const withNpx = missing.map((name) => `-p ${name}`).join(' ');
  return `optional_install_missing(${missing.join(', ')}): ${asked} asks for ${feature}, which needs ${names}, not installed with metabob-mcp; ${fallback}. Install it beside metabob-mcp (npm install -g @metabob/mcp ${names}) or run npx -y -p @metabob/mcp ${withNpx} metabob-mcp`;
}
