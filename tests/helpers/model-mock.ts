// A host's model API played by a script on 127.0.0.1, for the tests that drive the real hosts
// offline (tests/hosts/host-loop.test.ts). Each request the host sends is kept with what is new
// in it since the model last spoke: the tool results and the host's own notes, which is exactly
// what the model was shown after its last turn. The script answers with the next turn: one tool
// call or a closing text. Streaming only, in each API's documented event sequence: Anthropic
// Messages (message_start, content_block_start/delta/stop, message_delta, message_stop) and the
// OpenAI Responses API (response.created, response.output_item.added/done, response.completed).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type ModelTurn =
  | { tool: string; input: Record<string, unknown>; namespace?: string }
  /** Codex's patch tool is freeform: its input is the patch text. */
  | { patch: string }
  /** Codex's client-side tool search (a `tool_search_call` item). */
  | { search: string; limit?: number }
  | { text: string };

export interface SeenRequest {
  /** 1-based, counting the script's requests only. */
  step: number;
  body: any;
  /** What the model was shown since its last turn, as text (tool results, the host's notes). */
  received: string;
  /** The turn the script answered with. */
  answered?: ModelTurn;
}

/** Chooses the next turn from the request (its body and what it newly carries). */
export type ModelScript = (request: SeenRequest, history: SeenRequest[]) => ModelTurn;

export interface ModelMock {
  url: string;
  requests: SeenRequest[];
  /** Requests that were not the agent's loop (a host's side queries), answered with a short text. */
  sideRequests: number;
  close(): Promise<void>;
}

interface Wire {
  /** Whether a request is the agent's loop (not a title, a quota probe or a safety check). */
  isLoop(url: string, body: any): boolean;
  /** What is new in the request since the model's last turn. */
  received(body: any): string;
  /** Writes one streamed turn. */
  stream(res: ServerResponse, body: any, turn: ModelTurn, id: string): void;
}

const sse = (res: ServerResponse, type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);

function blockText(block: any): string {
  if (typeof block === 'string') return block;
  if (!block || typeof block !== 'object') return '';
  if (block.type === 'text' || block.type === 'input_text' || block.type === 'output_text') return block.text ?? '';
  if (block.type === 'tool_reference') return `[tool_reference ${block.tool_name ?? block.name ?? ''}]`;
  if (block.type === 'tool_result') {
    const inner = typeof block.content === 'string' ? block.content : (block.content ?? []).map(blockText).join('\n');
    return `[tool_result ${block.tool_use_id}${block.is_error ? ' is_error' : ''}]\n${inner}`;
  }
  return `[${block.type}]`;
}

/** Anthropic Messages with `stream: true` (Claude Code, through ANTHROPIC_BASE_URL). */
export const anthropicWire: Wire = {
  isLoop: (url, body) =>
    url.startsWith('/v1/messages') && !url.includes('count_tokens') && Array.isArray(body?.tools) && body.tools.some((t: any) => t.name === 'Edit'),
  received(body) {
    const messages: any[] = body.messages ?? [];
    let last = messages.length - 1;
    while (last >= 0 && messages[last].role !== 'assistant') last--;
    return messages
      .slice(last + 1)
      .flatMap((m) => (typeof m.content === 'string' ? [m.content] : (m.content ?? []).map(blockText)))
      .join('\n\n');
  },
  stream(res, body, turn, id) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const usage = { input_tokens: 100, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    sse(res, 'message_start', {
      message: {
        id: `msg_${id}`,
        type: 'message',
        role: 'assistant',
        model: body?.model ?? 'mock',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage,
      },
    });
    if ('patch' in turn || 'search' in turn) throw new Error('the Messages API has no patch or tool-search turn');
    if ('tool' in turn) {
      sse(res, 'content_block_start', { index: 0, content_block: { type: 'tool_use', id: `toolu_${id}`, name: turn.tool, input: {} } });
      sse(res, 'content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(turn.input) } });
    } else {
      sse(res, 'content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      sse(res, 'content_block_delta', { index: 0, delta: { type: 'text_delta', text: turn.text } });
    }
    sse(res, 'content_block_stop', { index: 0 });
    sse(res, 'message_delta', { delta: { stop_reason: 'tool' in turn ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 10 } });
    sse(res, 'message_stop', {});
    res.end();
  },
};

/** The OpenAI Responses API with `stream: true` (Codex, through a custom model provider). */
export const responsesWire: Wire = {
  isLoop: (url, body) => url.endsWith('/responses') && Array.isArray(body?.input),
  received(body) {
    const items: any[] = body.input ?? [];
    let last = items.length - 1;
    const fromModel = (item: any) =>
      ['function_call', 'custom_tool_call', 'tool_search_call'].includes(item.type) || (item.type === 'message' && item.role === 'assistant');
    while (last >= 0 && !fromModel(items[last])) last--;
    return items
      .slice(last + 1)
      .map((item) => {
        if (item.type === 'tool_search_output') {
          // What a search loads: each namespace's description (the server's instructions) and its tools.
          const tools = (item.tools ?? []).map(
            (t: any) => `${t.type} ${t.name}: ${t.description ?? ''}\n${(t.tools ?? []).map((f: any) => `  ${f.name}`).join('\n')}`,
          );
          return `[tool_search_output ${item.call_id ?? ''}]\n${tools.join('\n')}`;
        }
        if (item.type === 'function_call_output' || item.type === 'custom_tool_call_output') {
          const out = item.output;
          const text = typeof out === 'string' ? out : Array.isArray(out) ? out.map(blockText).join('\n') : JSON.stringify(out);
          return `[${item.type} ${item.call_id ?? ''}]\n${text}`;
        }
        if (item.type === 'message') return (Array.isArray(item.content) ? item.content.map(blockText) : [String(item.content)]).join('\n');
        return `[${item.type}] ${JSON.stringify(item).slice(0, 2000)}`;
      })
      .join('\n\n');
  },
  stream(res, body, turn, id) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const response = { id: `resp_${id}`, object: 'response', status: 'in_progress', model: body?.model ?? 'mock', output: [] as unknown[] };
    sse(res, 'response.created', { response });
    const call = { id: `fc_${id}`, call_id: `call_${id}`, status: 'completed' };
    const item =
      'tool' in turn
        ? { type: 'function_call', ...call, name: turn.tool, ...(turn.namespace ? { namespace: turn.namespace } : {}), arguments: JSON.stringify(turn.input) }
        : 'patch' in turn
          ? { type: 'custom_tool_call', ...call, name: 'apply_patch', input: turn.patch }
          : 'search' in turn
            ? { type: 'tool_search_call', ...call, execution: 'client', arguments: { query: turn.search, limit: turn.limit ?? 8 } }
            : {
                type: 'message',
                id: `msg_${id}`,
                role: 'assistant',
                status: 'completed',
                content: [{ type: 'output_text', text: turn.text, annotations: [] }],
              };
    sse(res, 'response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress' } });
    if ('text' in turn) sse(res, 'response.output_text.delta', { item_id: item.id, output_index: 0, content_index: 0, delta: turn.text });
    sse(res, 'response.output_item.done', { output_index: 0, item });
    const usage = {
      input_tokens: 100,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 10,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 110,
    };
    sse(res, 'response.completed', { response: { ...response, status: 'completed', output: [item], usage } });
    res.end();
  },
};

/**
 * Serves `script` on 127.0.0.1 in the given wire format; every loop request's received text is
 * written to `artifacts/NN-received.txt` (and its body to `NN-request.json`) as it arrives.
 */
export async function startModelMock(wire: Wire, script: ModelScript, artifacts: string): Promise<ModelMock> {
  mkdirSync(artifacts, { recursive: true });
  const requests: SeenRequest[] = [];
  const mock: ModelMock = { url: '', requests, sideRequests: 0, close: async () => {} };
  const answer = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    let body: any;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const url = req.url ?? '';
    if (req.method !== 'POST' || !body) {
      res.writeHead(url.includes('/models') ? 200 : 404, { 'content-type': 'application/json' });
      res.end(url.includes('/models') ? JSON.stringify({ data: [], models: [] }) : '{}');
      return;
    }
    if (!wire.isLoop(url, body)) {
      mock.sideRequests++;
      if (body.stream === false) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'msg_side',
            type: 'message',
            role: 'assistant',
            content: [{ type: 'text', text: 'none' }],
            stop_reason: 'end_turn',
            usage: { input_tokens: 1, output_tokens: 1 },
          }),
        );
      } else wire.stream(res, body, { text: 'none' }, `side${mock.sideRequests}`);
      return;
    }
    const seen: SeenRequest = { step: requests.length + 1, body, received: wire.received(body) };
    requests.push(seen);
    const stem = join(artifacts, String(seen.step).padStart(2, '0'));
    writeFileSync(`${stem}-request.json`, JSON.stringify({ url, body }, null, 1));
    writeFileSync(`${stem}-received.txt`, seen.received + '\n');
    let turn: ModelTurn;
    try {
      turn = script(seen, requests);
    } catch (err) {
      turn = { text: `script stopped: ${(err as Error).message}` };
    }
    seen.answered = turn;
    wire.stream(res, body, turn, String(seen.step));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.address();
  mock.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  mock.close = () =>
    new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    });
  return mock;
}
