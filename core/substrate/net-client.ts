// The attachment's request path is core/net/net.ts (SPEC §network: the one path every
// substrate request takes); this file names the parts the attachment uses. The request path
// itself (node:http, node:tls) loads on the first request, so a server start, which may never
// reach a substrate, does not pay for it.
import type { NetRequestOptions, NetResponse } from '../net/net.ts';

export { NetError, classifyError, type TlsInfo as NetTls } from '../net/net-causes.ts';
export { selectProxy, proxyEnvironment, type RouteInfo as NetRoute } from '../net/select-proxy.ts';
export type { NetResponse, NetRequestOptions } from '../net/net.ts';

export async function netRequest(options: NetRequestOptions): Promise<NetResponse> {
  const { netRequest: request } = await import('../net/net.ts');
  return request(options);
}
