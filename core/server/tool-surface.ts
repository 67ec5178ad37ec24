// Which tools tools/list names (docs/tool-surface.md): the tools that can answer. The local and
// mixed tools always; the substrate tools while an attachment is configured and can answer:
// while its first attempt runs (a first call waits on the gate, SPEC §attachment "The gate")
// and while it is attached. With nothing configured they are never listed; after an attempt
// that failed (a substrate not up yet, a rejected key) they are not, until a later attempt
// attaches (SPEC §attachment `reattach`). A substrate tool not listed still answers a call by
// name with its cause. METABOB_TOOLS narrows the list further. A change of the list is
// announced with notifications/tools/list_changed on each connection (mcp-server.ts).
import { EventEmitter } from 'node:events';
import type { ListedTool, ToolCatalog } from '../tools/tool-list.ts';
import { toolAllowlist } from '../tools/tool-allowlist.ts';
import type { Services } from '../services/services.ts';
import type { AttachmentState } from '../attachment/state.ts';

/** Set by the build (scripts/build.mjs) to the tool catalog; undefined when run from source. */
declare const __METABOB_TOOL_CATALOG__: ToolCatalog | undefined;

// A process cache: the catalog is the build's.
let catalog: ToolCatalog | undefined;

/**
 * The catalog: baked in by the build, else computed from the registry. Either way the start
 * path loads no tool module: the boundary and the tools load on the first tools/call, or just
 * after the handshake (background-services.ts), whichever comes first.
 */
export async function toolCatalog(): Promise<ToolCatalog> {
  catalog ??= typeof __METABOB_TOOL_CATALOG__ !== 'undefined' ? __METABOB_TOOL_CATALOG__ : (await import('../tools/tool-list.ts')).buildToolCatalog();
  return catalog;
}

/**
 * Whether the substrate tools can answer: attached, or the first attempt still running (the
 * supervisor's state before anything settled; a failed attempt is settled with its cause).
 */
export function substrateCanAnswer(state: AttachmentState): boolean {
  return state.auth.status === 'authenticated' || state.settledAt === null;
}

export class ToolSurface {
  /** `change`: the listed tools changed (the substrate tools came or went). */
  readonly events = new EventEmitter();
  private substrateListed: boolean;
  private readonly allowed: Set<string> | null;
  private following = false;

  constructor(private readonly services: Services) {
    this.allowed = toolAllowlist(services.env);
    // Configured: the key and the anchor are both there, so an attachment is being made.
    this.substrateListed = services.attachment !== undefined && services.config !== undefined && services.config.missing.length === 0;
  }

  /** The tools/list answer now: the catalog narrowed to what can answer and to METABOB_TOOLS. */
  async tools(): Promise<ListedTool[]> {
    const { tools, tiers } = await toolCatalog();
    return tools.filter((tool) => (this.substrateListed || tiers[tool.name] !== 'substrate') && (!this.allowed || this.allowed.has(tool.name)));
  }

  /** Whether METABOB_TOOLS leaves this tool out; the allowlist, for the refusal's line. */
  disallowed(name: string): ReadonlySet<string> | undefined {
    return this.allowed && !this.allowed.has(name) ? this.allowed : undefined;
  }

  /**
   * Follows the attachment's settled states from now on (once). A server with nothing
   * configured never lists the substrate tools, so it follows nothing and loads no attachment.
   */
  async follow(): Promise<void> {
    if (this.following || !this.substrateListed || !this.services.attachment) return;
    this.following = true;
    const supervisor = await this.services.attachment.supervisor();
    const update = () => this.set(substrateCanAnswer(supervisor.current()));
    supervisor.events.on('change', update);
    update();
  }

  private set(listed: boolean): void {
    if (listed === this.substrateListed) return;
    this.substrateListed = listed;
    this.services.log.info(
      listed ? 'tools/list names the substrate tools again: attached' : 'tools/list no longer names the substrate tools: the attachment cannot answer them',
    );
    this.events.emit('change');
  }
}
