// The attachment's request path is core/net/net.ts (SPEC §network: the one path every
// substrate request takes); this file names the parts the attachment uses.
export {
  netRequest,
  NetError,
  classifyError,
  selectProxy,
  redactCredentials,
  proxyEnvironment,
  type NetResponse,
  type NetRequestOptions,
  type RouteInfo as NetRoute,
  type TlsInfo as NetTls,
} from '../net/net.ts';
