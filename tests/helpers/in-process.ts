// The stdio plane's MCP server and the SDK client joined by the SDK's InMemoryTransport, over
// services a test builds with temp things: the boundary and the tools run in this process, so
// logic tests are fast; the end-to-end tests that spawn dist/cli.js keep what only a real
// process shows (STYLE: the MCP TypeScript SDK's in-memory tests beside real-process ones).
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { createMcpServer } from '../../core/server/mcp-server.ts';
import { createServices, type Services, type ServicesOptions } from '../../core/services/services.ts';
import { tempDir } from './git.ts';

// The same reading of a tools/call result as the spawned-server tests.
export { textOf } from './client.ts';

export interface InProcess {
  client: Client;
  services: Services;
  close(): Promise<void>;
}

/** A server and client in this process; the store lives in a fresh METABOB_HOME unless env names one. */
export async function startInProcess(options: ServicesOptions = {}): Promise<InProcess> {
  const env = { METABOB_HOME: tempDir('metabob-inproc-home-'), ...(options.env ?? {}) };
  const services = createServices({ ...options, env });
  const server = createMcpServer(services);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'in-process-test', version: '0.0.0' });
  await client.connect(clientSide);
  return {
    client,
    services,
    async close() {
      await client.close();
      await server.close();
      services.store.close();
    },
  };
}
