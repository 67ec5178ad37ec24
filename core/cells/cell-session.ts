// The services a cell's step runs on (SPEC §task pull "Getting attached"): the configuration
// and attachment as the server loads them, the workspace the step names, and the vessel
// identity VESSEL_ID, else derived from the key and the work directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { configureProcess } from '../config.ts';
import { createServices, type Services } from '../services/services.ts';
import { lazyAttachment } from '../services/lazy-attachment.ts';
import { resolveVesselId } from '../identity/vessel-identity.ts';
import { runGit } from '../git/run-git.ts';
import { redactUrl } from '../redact-url.ts';

export interface CellSession {
  services: Services;
  close(): void;
}

/** Services decided on `workspace`, writing as the vessel the work directory names. */
export function cellSession(workspace: string, workDir: string, flags: Record<string, string> = {}): CellSession {
  const config = configureProcess(flags, 'debug');
  const env = { ...process.env };
  const vesselId = resolveVesselId(resolve(workDir), env);
  if (vesselId) env.VESSEL_ID = vesselId;
  const services = createServices({ config, env, cwd: workspace, attachment: lazyAttachment });
  return { services, close: () => services.store.close() };
}

/**
 * A checkout-shaped folder for an origin that has no checkout yet (task pull runs before the
 * clone): an empty repository whose origin is the URL, so the recall reads the findings filed
 * under the origin's identity and its super-repo / vessel aliases (SPEC §Repository identity).
 */
export async function originShapedFolder(origin: string): Promise<{ ok: true; dir: string; remove(): void } | { ok: false; line: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'metabob-origin-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  for (const args of [
    ['init', '-q'],
    // The origin is a flag's value: after `--`, one starting with "-" is a URL, never an option.
    ['remote', 'add', '--', 'origin', origin],
  ]) {
    const r = await runGit(dir, args);
    if (!r.ok) {
      remove();
      return { ok: false, line: `origin_unusable: ${redactUrl(r.line)}` };
    }
  }
  return { ok: true, dir, remove };
}
