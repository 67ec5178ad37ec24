// The MCP stdio plane (SPEC §architecture): the SDK's low-level Server with tools/list and
// tools/call from the registry, the instructions, the `metabob-start` prompt, logging
// notifications, client roots for the workspace, and progress for long calls. Both protocol
// eras are served on one stdio connection (docs/protocol-eras.md): the 2025 one, opened with
// `initialize`, and the stateless 2026-07-28 one, opened with `server/discover` or any request
// carrying the per-request `_meta` envelope. The SDK's stdio entry decides the era from the
// opening exchange; one factory builds the server for either.
import {
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CacheHint,
  type CallToolResult,
  type ListToolsResult,
  type LoggingLevel,
  type ProtocolEra,
} from '@modelcontextprotocol/server';
import { serveStdio as serveBothEras } from '@modelcontextprotocol/server/stdio';
import {
  CallToolRequestSchema,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  SetLevelRequestSchema,
} from '@modelcontextprotocol/core';
import { z } from 'zod';
import { ToolSurface } from './tool-surface.ts';
import { toolNotAllowedLine } from '../tools/tool-allowlist.ts';
import { echoableToolName } from './unknown-tool-name.ts';
import { SERVER_INSTRUCTIONS } from './instructions.ts';
import { START_PROMPT, startPromptText } from './prompts.ts';
import { log, setLogMirror, type LogLevel } from '../log.ts';
import type { Services } from '../services/services.ts';
import { onShutdown, shutdown } from '../process/shutdown.ts';
import { StdioTransport, type RequestSchema } from './stdio-transport.ts';
import { VERSION } from '../version.ts';

const CLIENT_INFO_META_KEY = 'io.modelcontextprotocol/clientInfo';

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

const HANDSHAKE_WAIT_MS = 300;

export interface McpPlane {
  /** Settles once the first tools/list is answered, or 300 ms after the transport is up. */
  handshakeSettled: Promise<void>;
}

/**
 * The cache hints of the 2026-07-28 revision's cacheable results. The prompt list and the
 * discover answer are fixed by the build, the same for every caller, so any cache may keep
 * them; an hour bounds how long a host that keeps them across launches serves one from before
 * an upgrade. The tool list is this process's (its attachment, METABOB_TOOLS) and changes with
 * the attachment (notifications/tools/list_changed), so it is not kept. 2025-era answers carry none.
 */
export const CACHE_HINTS: Record<'tools/list' | 'prompts/list' | 'server/discover', CacheHint> = {
  'tools/list': { ttlMs: 0, cacheScope: 'private' },
  'prompts/list': { ttlMs: 3_600_000, cacheScope: 'public' },
  'server/discover': { ttlMs: 3_600_000, cacheScope: 'public' },
};

export interface McpServerOptions {
  /** The era this instance serves (the SDK's stdio entry pins one per connection); 2025 by default. */
  era?: ProtocolEra;
  /** Called once the first tools/list is answered. */
  handshakeDone?: () => void;
  /** The tools tools/list names (the process's one surface); one over `services` when left out. */
  surface?: ToolSurface;
}

/** A list cursor: this server's lists are one page each and hand none out, so any cursor is refused (MCP pagination: -32602). */
function refuseCursor(method: string, cursor: unknown): void {
  if (cursor === undefined) return;
  const shown = typeof cursor === 'string' && cursor.length <= 64 ? JSON.stringify(cursor) : 'the cursor given';
  throw new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    `Invalid params: ${method}: ${shown} is not a cursor this server gave; its ${method} answer is one page, asked for without a cursor`,
  );
}

export function createMcpServer(services: Services, options: McpServerOptions = {}): Server {
  const handshakeDone = options.handshakeDone ?? (() => {});
  const surface = options.surface ?? new ToolSurface(services);
  // Logging and roots are 2025-era features (deprecated by 2026-07-28, SEP-2577): a stateless
  // connection gets its logs on stderr and its workspace without roots (docs/protocol-eras.md).
  const legacy = options.era !== 'modern';
  const server = new Server(
    { name: 'metabob-mcp', title: 'metabob', version: VERSION },
    {
      capabilities: legacy ? { tools: { listChanged: true }, prompts: {}, logging: {} } : { tools: { listChanged: true }, prompts: {} },
      instructions: SERVER_INSTRUCTIONS,
      cacheHints: CACHE_HINTS,
      // The SDK validates elicitation answers with Ajv, which costs ~10 ms to build at every
      // start; this server sends no elicitation, so it takes a validator that is never asked.
      jsonSchemaValidator: { getValidator: () => (input: unknown) => ({ valid: true, data: input, errorMessage: undefined }) } as never,
    },
  );

  server.setRequestHandler('tools/list', async (request) => {
    refuseCursor('tools/list', request.params?.cursor);
    setImmediate(handshakeDone);
    return { tools: await surface.tools() } as ListToolsResult;
  });

  // The substrate tools come and go with the attachment (docs/tool-surface.md). A 2025-era
  // connection hears of it once initialized; a 2026-07-28 one on its subscriptions/listen
  // streams, which the SDK's stdio entry routes the notification onto.
  let announce = !legacy;
  const listChanged = () => {
    if (announce) void server.sendToolListChanged().catch(() => {});
  };
  surface.events.on('change', listChanged);
  server.onclose = () => surface.events.off('change', listChanged);
  if (legacy) {
    server.oninitialized = () => {
      announce = true;
      if (server.getClientCapabilities()?.roots) services.workspace.expectRoots(() => listRootUris(server));
    };
  }

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const name = request.params.name;
    const allowed = surface.disallowed(name);
    if (allowed)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        toolNotAllowedLine(echoableToolName(name) ? name : `a name of ${name.length} characters`, allowed),
      );
    const progressToken = request.params._meta?.progressToken;
    let lastProgress: Promise<void> | undefined;
    const progress =
      progressToken === undefined
        ? undefined
        : (done: number, total?: number, message?: string) => {
            lastProgress = ctx.mcpReq
              .notify({
                method: 'notifications/progress',
                params: { progressToken, progress: done, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) },
              })
              .catch(() => {});
          };
    const { callTool, UnknownToolError } = await import('./boundary.ts');
    let result;
    try {
      result = await callTool(services, name, request.params.arguments, {
        plane: 'stdio',
        signal: ctx.mcpReq.signal,
        progress,
        // MCP tools §error-handling: an unknown tool is a protocol error, -32602 naming it.
        unknownTool: { refuse: true, listed: (await surface.tools()).length },
        client: clientName(server, ctx.mcpReq),
      });
    } catch (err) {
      if (err instanceof UnknownToolError) throw new ProtocolError(ProtocolErrorCode.InvalidParams, err.message);
      throw err;
    }
    if (lastProgress) {
      // The SDK client handles notifications a tick after responses, and forgets a request's
      // progress handler once its response is read: a final progress that reaches it in the
      // same read as the response is dropped. Let the last one go out on its own first.
      await lastProgress;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return result as CallToolResult;
  });

  server.setRequestHandler('prompts/list', async (request) => {
    refuseCursor('prompts/list', request.params?.cursor);
    return { prompts: [{ name: START_PROMPT.name, title: START_PROMPT.title, description: START_PROMPT.description }] };
  });
  server.setRequestHandler('prompts/get', async (request) => {
    if (request.params.name !== START_PROMPT.name) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `unknown prompt "${request.params.name}"; prompts/list names ${START_PROMPT.name}`);
    }
    return {
      description: START_PROMPT.description,
      messages: [{ role: 'user', content: { type: 'text', text: startPromptText() } }],
    };
  });

  if (legacy) serveLegacyOnly(server, services);
  server.onerror = (err) => log.debug('mcp:', err.message);
  return server;
}

/**
 * The client's name (`clientInfo.name`): the request's own envelope in the 2026-07-28 revision,
 * else what `initialize` said in the 2025 era.
 */
function clientName(server: Server, req: { envelope?: unknown }): string | undefined {
  const envelope = (req.envelope ?? {}) as Record<string, { name?: unknown } | undefined>;
  const named = envelope[CLIENT_INFO_META_KEY]?.name ?? envelope.clientInfo?.name;
  return typeof named === 'string' ? named : server.getClientVersion()?.name;
}

/** logging/setLevel and its notifications, and the client's roots for the workspace (asked once initialized, above). */
function serveLegacyOnly(server: Server, services: Services): void {
  // Log lines reach the client only once it has asked for them with logging/setLevel.
  let clientLevel: LoggingLevel | undefined;
  server.setRequestHandler('logging/setLevel', async (request) => {
    clientLevel = request.params.level;
    return {};
  });
  setLogMirror((level: LogLevel, line: string) => {
    if (!clientLevel || LEVELS.indexOf(level) < LEVELS.indexOf(clientLevel)) return;
    void server.sendLoggingMessage({ level, logger: 'metabob-mcp', data: line }).catch(() => {});
  });

  server.setNotificationHandler('notifications/roots/list_changed', async () => {
    services.workspace.expectRoots(() => listRootUris(server));
  });
}

// The SDK's own roots/list schema refuses the whole answer when one root is not `file://`;
// SPEC §workspace skips such a root and takes the first `file:` one (WorkspaceState does).
const LenientRootsResult = z.looseObject({ roots: z.array(z.looseObject({ uri: z.string() })) });

async function listRootUris(server: Server): Promise<string[]> {
  const answer = await server.request({ method: 'roots/list' }, LenientRootsResult);
  return answer.roots.map((r) => r.uri);
}

// Every request method this server answers, checked by the transport before the SDK sees it:
// the SDK's own check answers a bad argument type with -32603 and the issues as multi-line JSON,
// where JSON-RPC says -32602, and a caller reads one line.
const REQUEST_SCHEMAS: Record<string, RequestSchema> = {
  initialize: InitializeRequestSchema,
  ping: PingRequestSchema,
  'tools/list': ListToolsRequestSchema,
  'tools/call': CallToolRequestSchema,
  'prompts/list': ListPromptsRequestSchema,
  'prompts/get': GetPromptRequestSchema,
  'logging/setLevel': SetLevelRequestSchema,
} as Record<string, RequestSchema>;

/** Serves MCP on stdin/stdout, in whichever era the client opens with, until the client goes away. */
export async function serveStdio(services: Services): Promise<McpPlane> {
  let handshakeDone: () => void = () => {};
  const handshakeSettled = new Promise<void>((resolve) => (handshakeDone = resolve));
  // Whatever closes the transport ends the process the clean way: nothing would answer again.
  const transport = new StdioTransport({ requestSchemas: REQUEST_SCHEMAS, onClosed: () => void shutdown('the MCP transport closed') });
  // The factory may run twice on one connection (a discover probe answered, then a 2025
  // handshake), so it builds only the SDK server; the services and the tool surface are the process's.
  const surface = new ToolSurface(services);
  serveBothEras(({ era }) => createMcpServer(services, { era, surface, handshakeDone: () => handshakeDone() }), {
    transport,
    onerror: (err) => log.debug('mcp:', err.message),
  });
  setTimeout(handshakeDone, HANDSHAKE_WAIT_MS).unref();
  // Beside the attachment's own start (background-services.ts): after the handshake, never before it.
  void handshakeSettled.then(() => surface.follow()).catch((err) => log.warn('the tool surface does not follow the attachment:', err));

  onShutdown(() => setLogMirror(undefined));
  process.stdin.on('end', () => void shutdown('stdin closed'));
  process.stdin.on('close', () => void shutdown('stdin closed'));
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    void shutdown(err.code === 'EPIPE' ? 'stdout closed (EPIPE)' : `stdout error: ${err.message}`);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return { handshakeSettled };
}
