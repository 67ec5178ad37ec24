// The MCP stdio plane (SPEC §architecture): the SDK's low-level Server with tools/list and
// tools/call from the registry, the instructions, the `metabob-start` prompt, logging
// notifications, client roots for the workspace, and progress for long calls.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  InitializeRequestSchema,
  ListPromptsRequestSchema,
  ListToolsRequestSchema,
  McpError,
  PingRequestSchema,
  RootsListChangedNotificationSchema,
  SetLevelRequestSchema,
  type LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ListedTool } from '../tools/tool-list.ts';
import { SERVER_INSTRUCTIONS } from './instructions.ts';
import { START_PROMPT, startPromptText } from './prompts.ts';
import { log, setLogMirror, type LogLevel } from '../log.ts';
import type { Services } from '../services/services.ts';
import { onShutdown, shutdown } from '../process/shutdown.ts';
import { StdioTransport, type RequestSchema } from './stdio-transport.ts';
import { VERSION } from '../version.ts';

const LEVELS: LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

const HANDSHAKE_WAIT_MS = 300;

/** Set by the build (scripts/build.mjs) to the tools/list answer; undefined when run from source. */
declare const __METABOB_TOOL_LIST__: ListedTool[] | undefined;

// A process cache: the list is the same for the life of the process.
let toolList: ListedTool[] | undefined;
/**
 * tools/list: baked in by the build, else computed from the registry. Either way the start
 * path loads no tool module: the boundary and the tools load on the first tools/call, or
 * just after the handshake (background.ts), whichever comes first.
 */
export async function listTools(): Promise<ListedTool[]> {
  toolList ??= typeof __METABOB_TOOL_LIST__ !== 'undefined' ? __METABOB_TOOL_LIST__ : (await import('../tools/tool-list.ts')).buildToolList();
  return toolList;
}

export interface McpPlane {
  server: Server;
  /** Settles once the first tools/list is answered, or 300 ms after the transport is up. */
  handshakeSettled: Promise<void>;
}

export function createMcpServer(services: Services, handshakeDone: () => void = () => {}): Server {
  const server = new Server(
    { name: 'metabob-mcp', title: 'metabob', version: VERSION },
    {
      capabilities: { tools: {}, prompts: {}, logging: {} },
      instructions: SERVER_INSTRUCTIONS,
      // The SDK validates elicitation answers with Ajv, which costs ~10 ms to build at every
      // start; this server sends no elicitation, so it takes a validator that is never asked.
      jsonSchemaValidator: { getValidator: () => (input: unknown) => ({ valid: true, data: input, errorMessage: undefined }) } as never,
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    setImmediate(handshakeDone);
    return { tools: await listTools() } as never;
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const progressToken = request.params._meta?.progressToken;
    let lastProgress: Promise<void> | undefined;
    const progress =
      progressToken === undefined
        ? undefined
        : (done: number, total?: number, message?: string) => {
            lastProgress = extra
              .sendNotification({
                method: 'notifications/progress',
                params: { progressToken, progress: done, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}) },
              })
              .catch(() => {});
          };
    const { callTool } = await import('./boundary.ts');
    const result = await callTool(services, request.params.name, request.params.arguments, { plane: 'stdio', signal: extra.signal, progress });
    if (lastProgress) {
      // The SDK client handles notifications a tick after responses, and forgets a request's
      // progress handler once its response is read: a final progress that reaches it in the
      // same read as the response is dropped. Let the last one go out on its own first.
      await lastProgress;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return result;
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [{ name: START_PROMPT.name, title: START_PROMPT.title, description: START_PROMPT.description }],
  }));
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== START_PROMPT.name) {
      throw new McpError(ErrorCode.InvalidParams, `unknown prompt "${request.params.name}"; prompts/list names ${START_PROMPT.name}`);
    }
    return {
      description: START_PROMPT.description,
      messages: [{ role: 'user', content: { type: 'text', text: startPromptText() } }],
    };
  });

  // Log lines reach the client only once it has asked for them with logging/setLevel.
  let clientLevel: LoggingLevel | undefined;
  server.setRequestHandler(SetLevelRequestSchema, async (request) => {
    clientLevel = request.params.level;
    return {};
  });
  setLogMirror((level: LogLevel, line: string) => {
    if (!clientLevel || LEVELS.indexOf(level) < LEVELS.indexOf(clientLevel)) return;
    void server.sendLoggingMessage({ level, logger: 'metabob-mcp', data: line }).catch(() => {});
  });

  server.oninitialized = () => {
    if (server.getClientCapabilities()?.roots) services.workspace.expectRoots(() => listRootUris(server));
  };
  server.setNotificationHandler(RootsListChangedNotificationSchema, async () => {
    services.workspace.expectRoots(() => listRootUris(server));
  });
  server.onerror = (err) => log.debug('mcp:', err.message);
  return server;
}

// The SDK's own roots/list schema refuses the whole answer when one root is not `file://`;
// SPEC §workspace skips such a root and takes the first `file:` one (WorkspaceState does).
const LenientRootsResult = z.object({ roots: z.array(z.object({ uri: z.string() }).passthrough()) }).passthrough();

async function listRootUris(server: Server): Promise<string[]> {
  const answer = await server.request({ method: 'roots/list' }, LenientRootsResult as never);
  return (answer as unknown as z.infer<typeof LenientRootsResult>).roots.map((r) => r.uri);
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

/** Serves MCP on stdin/stdout until the client goes away. */
export async function serveStdio(services: Services): Promise<McpPlane> {
  let handshakeDone: () => void = () => {};
  const handshakeSettled = new Promise<void>((resolve) => (handshakeDone = resolve));
  const server = createMcpServer(services, () => handshakeDone());
  const transport = new StdioTransport({ requestSchemas: REQUEST_SCHEMAS });
  // Whatever closes the transport ends the process the clean way: nothing would answer again.
  server.onclose = () => void shutdown('the MCP transport closed');
  await server.connect(transport);
  setTimeout(handshakeDone, HANDSHAKE_WAIT_MS).unref();

  onShutdown(() => setLogMirror(undefined));
  process.stdin.on('end', () => void shutdown('stdin closed'));
  process.stdin.on('close', () => void shutdown('stdin closed'));
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    void shutdown(err.code === 'EPIPE' ? 'stdout closed (EPIPE)' : `stdout error: ${err.message}`);
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return { server, handshakeSettled };
}
