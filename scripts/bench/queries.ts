// `npm run bench`: p50/p95 of search_codebase and analyze_impact (depth 5) over 200 queries on
// the Django graph (targets: search p95 < 10 ms, impact p95 < 20 ms). Measured twice:
// the query functions alone, and the whole tool call through the boundary (validation, _meta
// with token counting, call log), which is what an agent waits for. The V8 settings are the
// bin's (core/engine-flags.ts), as in the shipped server.
import { existsSync } from 'node:fs';
import { LocalIndex } from '../../core/index/local-index.ts';
import { searchComponents } from '../../core/index/component-search.ts';
import { impactOf } from '../../core/index/impact-traversal.ts';
import { callTool } from '../../core/server/boundary.ts';
import { createServices } from '../../core/services/services.ts';

const services = createServices();
import { applyEngineFlags } from '../../core/engine-flags.ts';
import { percentile } from './support/percentile.ts';

applyEngineFlags();

const DJANGO = '/usr/lib/python3/dist-packages/django';

function line(label: string, times: number[], target: number): string {
  const p95 = percentile(times, 95);
  return `  ${label}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms over ${times.length} (target p95 < ${target} ms: ${p95 < target ? 'met' : 'MISSED'})`;
}

if (!existsSync(DJANGO)) {
  console.log(`queries: skipped, ${DJANGO} is absent (Debian's python3-django)`);
  process.exit(0);
}
console.log('Figures taken on a shared 2-core machine under load from other work; treat them as upper bounds.');
const init = await callTool(services, 'init_workspace', { workspace_path: DJANGO }, { plane: 'cli' });
if (init.isError) throw new Error(init.content[0].text);
const index = new LocalIndex(DJANGO);
await index.run({ budgetMs: Number.POSITIVE_INFINITY });
const graph = index.graph!;

// 200 deterministic queries: every k-th component's name, and every k-th file.
const components = [...graph.nodes.values()].filter((n) => n.type !== 'file');
const files = [...graph.componentsByFile.keys()];
const queries = Array.from({ length: 200 }, (_, i) => components[Math.floor((i * components.length) / 200)].name.split('.').pop()!);
const changed = Array.from({ length: 200 }, (_, i) => files[Math.floor((i * files.length) / 200)]);

const time = async (fn: () => unknown): Promise<number> => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const searchCore: number[] = [];
const impactCore: number[] = [];
const searchTool: number[] = [];
const impactTool: number[] = [];
for (let i = 0; i < 200; i++) {
  searchCore.push(await time(() => searchComponents(graph, queries[i], 10)));
  impactCore.push(await time(() => impactOf(graph, [changed[i]], 'backward', 5, true)));
  searchTool.push(await time(() => callTool(services, 'search_codebase', { query: queries[i], target: 'components' }, { plane: 'cli' })));
  impactTool.push(await time(() => callTool(services, 'analyze_impact', { changed_files: [changed[i]], max_depth: 5 }, { plane: 'cli' })));
}
console.log(`Django graph: ${graph.nodes.size} nodes, ${graph.edges.length} edges`);
console.log(line('search_codebase (query function)', searchCore, 10));
console.log(line('analyze_impact depth 5 (traversal)', impactCore, 20));
console.log(line('search_codebase (whole tool call)', searchTool, 10));
console.log(line('analyze_impact depth 5 (whole tool call)', impactTool, 20));
