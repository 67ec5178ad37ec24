// `metabob-mcp doctor`: everything attach --check reports (SPEC §attach --check), plus the runtime,
// configuration sources, placeholders, the network diagnosis, the local store, the parser,
// the workspace decision, the plugin environment, the call log and the loopback servers.
import { attachCheck, type AttachCheckInput } from './attach-check.ts';
import type { AttachDeps } from './attach-deps.ts';
import { countByStatus, type ReportRun, type RunSummary } from './model.ts';
import {
  callLogOutcome,
  configFilesOutcome,
  loopbackOutcome,
  networkOutcome,
  cacheOutcome,
  parserOutcome,
  placeholdersOutcome,
  pluginOutcome,
  storeOutcome,
  workspaceOutcome,
} from './doctor-checks.ts';
import { indexCacheOutcome } from './index-cache-check.ts';

export async function runDoctor(run: ReportRun, deps: AttachDeps, input: AttachCheckInput): Promise<RunSummary> {
  const attach = await attachCheck(run, deps, {
    ...input,
    afterConfig: async (config) => {
      await run.check('config_files', 'config files', () => configFilesOutcome(config));
      await run.check('placeholders', 'placeholders', () => placeholdersOutcome(config));
    },
  });
  const env = attach.env;
  await run.check('network', 'network', () => networkOutcome(attach.state, env));
  await run.check('store', 'store', () => storeOutcome(env));
  await run.check('parser', 'parser', () => parserOutcome());
  await run.check('cache', 'cache', () => cacheOutcome(env));
  await run.check('index_cache', 'index cache', () => indexCacheOutcome(env));
  await run.check('workspace', 'workspace', () => workspaceOutcome(env));
  await run.check('plugin', 'plugin', () => pluginOutcome(env));
  await run.check('call_log', 'call log', () => callLogOutcome(env));
  await run.check('loopback', 'loopback', () => loopbackOutcome(env));

  const model = run.model();
  const counts = countByStatus(model);
  const attachHops = new Set(['config', 'network', 'proxy', 'tls', 'bootstrap', 'identity', 'org_check', 'resolve', 'result']);
  const otherFails = model.checks.filter((c) => c.state === 'fail' && !attachHops.has(c.id)).map((c) => c.label);
  const warns = counts.warn ? `; ${counts.warn} warning${counts.warn === 1 ? '' : 's'}` : '';
  const a = attach.summary;
  let headline = a.headline;
  if (otherFails.length) headline += `; failed: ${otherFails.join(', ')}`;
  else if (a.exitCode === 0) headline += warns || '; every check passed';
  return { ...a, exitCode: counts.fail === 0 && a.exitCode === 0 ? 0 : 1, headline };
}
