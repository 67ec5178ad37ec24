// The real AttachDeps: the server's own configuration lookup (core/config.ts), proxy
// selection (core/net) and attachment sequence (core/attachment), so attach --check and
// doctor report exactly what the server would do (SPEC §attach --check).
import { applyConfiguration, describeSource, type ConfigReport } from '../config.ts';
import { proxyEnvironment, selectProxy } from '../net/net.ts';
import { runAttachmentOnce } from '../attachment/attach-once.ts';
import { resolveWithState } from '../attachment/resolve.ts';
import type { AttachDeps, ConfigView } from './attach-deps.ts';

export function configView(report: ConfigReport): ConfigView {
  const sources: Record<string, string> = {};
  if (report.apiKey) sources.apiKey = describeSource(report.apiKey.source);
  for (const name of ['endpoint', 'discovery', 'identity', 'vesselId'] as const) {
    const value = report[name];
    if (value) sources[name] = describeSource(value.source);
  }
  return {
    fileRead: report.file,
    keyLast4: report.apiKey?.keyLast4 ?? null,
    anchor: report.anchor,
    identityEndpoint: report.identity?.value ?? null,
    sources,
    warnings: report.warnings,
    skipped: report.skippedFiles,
    placeholders: report.strippedPlaceholders.map((s) => `${s.name} (${s.reason})`),
    missing: report.unattachedMessage,
  };
}

/** Reads the count out of discovery's vesselRegistry envelope ({content: {vessels, totalCount}}). */
function registrySummary(body: unknown): string {
  const content = (body as { content?: { vessels?: unknown[]; totalCount?: number } } | null)?.content;
  if (content && Array.isArray(content.vessels)) {
    const total = typeof content.totalCount === 'number' ? content.totalCount : content.vessels.length;
    return `${total} vessel${total === 1 ? '' : 's'} registered`;
  }
  return 'answered';
}

export const substrateDeps: AttachDeps = {
  applyConfiguration({ env, cwd, home, flags }) {
    return configView(applyConfiguration({ env, cwd, home, flags: { apiKey: flags['api-key'], endpoint: flags.endpoint } }));
  },
  selectProxy: (url, env) => selectProxy(url, env),
  proxyEnvironment: (env) => proxyEnvironment(env),
  async runAttachmentOnce({ env, onHop, anchor }) {
    // As the server's own attachment does (core/attachment.ts), without a trailing slash.
    const trimmed = { ...anchor, discovery: anchor.discovery?.replace(/(?<!\/)\/+$/, '') ?? null };
    return runAttachmentOnce({ env, onHop, anchor: trimmed });
  },
  async resolveRegistry(state, env) {
    const key = env.METABOB_API_KEY ?? '';
    const answer = await resolveWithState(state, key, { type: 'vesselRegistry' }, { family: 'discovery' }, env);
    if (answer.ok) return { ok: true, detail: registrySummary(answer.body) };
    return { ok: false, detail: answer.line, line: answer.line };
  },
};
