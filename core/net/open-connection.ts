// The socket a request is written to (SPEC §Network): TCP to the first hop, a CONNECT tunnel
// whose answer is read here (so a 407, a 403 or a portal page instead of a tunnel is seen),
// and TLS whose chain and host name are verified before a byte of the request is sent.
import { connect as tcpConnect, isIP, type Socket } from 'node:net';
import { checkServerIdentity, connect as tlsConnect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { netCause, type NetError, type TlsInfo } from './net-causes.ts';
import type { SelectedRoute } from './select-proxy.ts';
import { trustedContext } from './trusted-cas.ts';

export interface ConnectionPlan {
  route: SelectedRoute;
  https: boolean;
  /** The target's host name as written in the URL, brackets stripped. */
  host: string;
  port: number;
  env: NodeJS.ProcessEnv;
}

/** A failure that carries the TLS facts learned before it. */
type Fail = (err: NetError) => void;

/** Tracks the socket in hand so a budget that runs out can destroy it. */
export interface ConnectionHandle {
  current?: Socket;
  tls?: TlsInfo;
  /** The step in progress, so a connect budget that runs out can name the hop and what it waited for. */
  stage?: 'connection' | 'proxy TLS handshake' | 'tunnel' | 'TLS handshake';
}

const UNTRUSTED_CHAIN = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_CHAIN_TOO_LONG',
]);

function firstCode(err: NodeJS.ErrnoException & { errors?: NodeJS.ErrnoException[] }): string {
  // Happy-eyeballs connects fail with an AggregateError; its members carry the codes.
  return err.code ?? err.errors?.[0]?.code ?? 'ERROR';
}

function openTcp(host: string, port: number, plan: ConnectionPlan, handle: ConnectionHandle): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcpConnect({ host, port });
    handle.current = socket;
    socket.once('connect', () => {
      socket.removeListener('error', onError);
      // The layers above (tunnel reader, TLS, node:http) listen for errors themselves; this keeps a
      // late error in the gap between two of them from crashing the process.
      socket.on('error', () => undefined);
      resolve(socket);
    });
    const onError = (err: NodeJS.ErrnoException) => {
      socket.destroy();
      const code = firstCode(err);
      const hostPort = `${host}:${port}`;
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NONAME') reject(netCause.dnsFailed(plan.route, host, code));
      else if (code === 'ECONNREFUSED') reject(netCause.connectRefused(plan.route, hostPort));
      else if (code === 'ETIMEDOUT') reject(netCause.connectTimeout(plan.route, hostPort, undefined, 'connection'));
      else if (code === 'ECONNRESET') reject(netCause.connectionReset(plan.route, plan.host, code));
      else reject(netCause.anchorUnreachable(plan.route, hostPort, `no connection (${code}: ${err.message})`));
    };
    socket.once('error', onError);
  });
}

interface ConnectAnswer {
  status: number;
  statusLine: string;
  headers: Array<[string, string]>;
}

function parseConnectHead(head: string): ConnectAnswer | undefined {
  const lines = head.split('\r\n');
  const match = /^HTTP\/\d(?:\.\d)? (\d{3})(?: .*)?$/.exec(lines[0]);
  if (!match) return undefined;
  const headers: Array<[string, string]> = [];
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.push([line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]);
  }
  return { status: Number(match[1]), statusLine: lines[0], headers };
}

const MAX_CONNECT_HEAD = 64 * 1024;

/** Sends CONNECT host:port through the proxy and reads its answer itself (SPEC §Proxy selection). */
function openTunnel(socket: Socket, plan: ConnectionPlan): Promise<Socket> {
  const { route, host, port } = plan;
  const proxyUrl = route.proxyUrl as URL;
  const authority = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  const lines = [`CONNECT ${authority} HTTP/1.1`, `Host: ${authority}`];
  const auth = proxyAuthorization(proxyUrl);
  if (auth) lines.push(`Proxy-Authorization: ${auth}`);
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const done = (fn: () => void) => {
      socket.removeListener('data', onData);
      socket.removeListener('end', onEnd);
      socket.removeListener('error', onError);
      fn();
    };
    const onEnd = () => done(() => reject(netCause.connectionReset(route, host, 'the proxy closed the connection before answering CONNECT')));
    const onError = (err: NodeJS.ErrnoException) =>
      done(() => reject(netCause.connectionReset(route, host, `${err.code ?? 'error'} before the proxy answered CONNECT`)));
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length >= 5 && !buffered.subarray(0, 5).toString('latin1').startsWith('HTTP/')) {
        socket.destroy();
        return done(() => reject(netCause.blockedByPortal(route, `the proxy ${route.proxy} answered CONNECT ${authority} with something that is not HTTP`)));
      }
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) {
        if (buffered.length > MAX_CONNECT_HEAD) {
          socket.destroy();
          done(() => reject(netCause.blockedByPortal(route, `the proxy ${route.proxy} answered CONNECT ${authority} with an endless header`)));
        }
        return;
      }
      const answer = parseConnectHead(buffered.subarray(0, end).toString('latin1'));
      const rest = buffered.subarray(end + 4);
      done(() => {
        const failure = judgeConnectAnswer(answer, rest, plan, authority, Boolean(auth));
        if (failure) {
          socket.destroy();
          reject(failure);
          return;
        }
        socket.pause();
        resolve(socket);
      });
    };
    socket.on('data', onData);
    socket.once('end', onEnd);
    socket.once('error', onError);
  });
}

function proxyAuthorization(proxyUrl: URL): string | undefined {
  if (!proxyUrl.username && !proxyUrl.password) return undefined;
  const user = decodeURIComponent(proxyUrl.username);
  const password = decodeURIComponent(proxyUrl.password);
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** The Proxy-Authorization for an absolute-form request through an http proxy. */
export function proxyAuthorizationFor(route: SelectedRoute): string | undefined {
  return route.proxyUrl ? proxyAuthorization(route.proxyUrl) : undefined;
}

function header(answer: ConnectAnswer, name: string): string[] {
  return answer.headers.filter(([k]) => k === name).map(([, v]) => v);
}

/** Auth schemes from Proxy-Authenticate headers ("NTLM", "Negotiate", "Basic realm=..."). */
export function authSchemes(values: string[]): string[] {
  const schemes: string[] = [];
  for (const value of values) {
    // One header may list several challenges: "Negotiate, NTLM" or "Basic realm="x", NTLM".
    for (const part of value.split(',')) {
      const scheme = /^\s*([A-Za-z0-9_-]+)(?:\s|$)/.exec(part)?.[1];
      if (scheme && !/=/.test(part.split(/\s+/)[0] ?? '') && !schemes.includes(scheme)) schemes.push(scheme);
    }
  }
  return schemes;
}

function judgeConnectAnswer(
  answer: ConnectAnswer | undefined,
  rest: Buffer,
  plan: ConnectionPlan,
  authority: string,
  hadCredentials: boolean,
): NetError | undefined {
  const { route, port } = plan;
  const proxyVar = route.proxyVar;
  if (!answer) return netCause.blockedByPortal(route, `the proxy ${route.proxy} answered CONNECT ${authority} with something that is not HTTP`);
  const { status } = answer;
  const contentType = header(answer, 'content-type')[0] ?? '';
  if (status === 200) {
    const length = Number(header(answer, 'content-length')[0] ?? '0');
    if (/html/i.test(contentType) || length > 0 || header(answer, 'transfer-encoding').length > 0) {
      return netCause.blockedByPortal(
        route,
        `the proxy ${route.proxy} answered CONNECT ${authority} with a page (${contentType || 'a body'}) instead of a tunnel`,
      );
    }
    if (rest.length > 0) {
      return netCause.blockedByPortal(route, `the proxy ${route.proxy} answered CONNECT ${authority} with a body instead of a tunnel`);
    }
    return undefined;
  }
  if (status === 407) return netCause.proxyAuthRequired(route, authSchemes(header(answer, 'proxy-authenticate')), hadCredentials, proxyVar);
  if ((status === 403 || status === 405) && port !== 443) return netCause.proxyPortBlocked(route, port, status, proxyVar);
  if (status >= 500) {
    // The proxy could not reach the target: transient, so a read may retry (SPEC §Budgets and retries).
    return netCause.anchorUnreachable(route, authority, `the proxy ${route.proxy} could not reach it (${answer.statusLine.slice(9)} to CONNECT)`, true);
  }
  const what = /html/i.test(contentType) ? 'its own HTML page' : 'its own answer';
  return netCause.blockedByPortal(route, `the proxy ${route.proxy} answered CONNECT ${authority} with ${what} (${status}) instead of a tunnel`);
}

function issuerName(cert: PeerCertificate | undefined): string {
  const issuer = cert?.issuer as Record<string, string | string[]> | undefined;
  const pick = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  return pick(issuer?.CN) ?? pick(issuer?.O) ?? 'an unnamed issuer';
}

/** The issuer named at the top of the chain the server sent (SPEC §Trust). */
export function topIssuer(leaf: PeerCertificate): string {
  let cert = leaf as PeerCertificate & { issuerCertificate?: PeerCertificate & { issuerCertificate?: unknown } };
  const seen = new Set<string>();
  while (cert.issuerCertificate && cert.issuerCertificate.fingerprint256 !== cert.fingerprint256 && !seen.has(cert.fingerprint256)) {
    seen.add(cert.fingerprint256);
    cert = cert.issuerCertificate as typeof cert;
  }
  return issuerName(cert);
}

function certNames(cert: PeerCertificate): string {
  const alt = cert.subjectaltname?.split(/,\s*/).map((n) => n.replace(/^(DNS|IP Address):/, '')) ?? [];
  const cn = (cert.subject as Record<string, string> | undefined)?.CN;
  const names = alt.length > 0 ? alt : cn ? [cn] : [];
  return names.length > 0 ? names.join(', ') : 'no name';
}

/** Wraps the socket in TLS and verifies chain and name before anything is written. */
function openTls(socket: Socket, plan: ConnectionPlan, handle: ConnectionHandle): Promise<TLSSocket> {
  const { route, host, port } = plan;
  return new Promise((resolve, reject) => {
    const tlsSocket = tlsConnect({
      socket,
      servername: isIP(host) ? undefined : host,
      secureContext: trustedContext(plan.env),
      rejectUnauthorized: false,
      // The name is checked below, once the chain is known to be trusted.
      checkServerIdentity: () => undefined,
      ALPNProtocols: ['http/1.1'],
    });
    handle.current = tlsSocket;
    const fail: Fail = (err) => {
      tlsSocket.destroy();
      reject(err);
    };
    const onError = (err: NodeJS.ErrnoException) => {
      const detail =
        err.code === 'ECONNRESET' ? 'the peer closed the connection during the handshake' : `${err.code ?? 'error'}: ${err.message.split('\n')[0]}`;
      fail(netCause.tlsFailed(route, host, port, detail));
    };
    tlsSocket.once('secureConnect', () => {
      tlsSocket.removeListener('error', onError);
      tlsSocket.on('error', () => undefined);
      const leaf = tlsSocket.getPeerCertificate(true);
      const issuer = leaf && Object.keys(leaf).length > 0 ? topIssuer(leaf) : undefined;
      const reason = tlsSocket.authorizationError ? String(tlsSocket.authorizationError) : undefined;
      if (!tlsSocket.authorized) {
        handle.tls = { host, authorized: false, issuer };
        if (reason && UNTRUSTED_CHAIN.has(reason)) return fail(netCause.tlsIntercepted(route, host, port, issuer ?? 'an unnamed issuer', handle.tls));
        return fail(netCause.tlsFailed(route, host, port, `the certificate was not accepted (${reason ?? 'unverified'})`, handle.tls));
      }
      const mismatch = checkServerIdentity(host, leaf);
      if (mismatch) {
        handle.tls = { host, authorized: false, issuer, issuedFor: certNames(leaf) };
        return fail(netCause.tlsNameMismatch(route, host, port, certNames(leaf), handle.tls));
      }
      handle.tls = { host, authorized: true, issuer };
      resolve(tlsSocket);
    });
    tlsSocket.once('error', onError);
  });
}

/**
 * The connected, verified socket for one request. Rejects with a NetError; the caller's connect
 * budget destroys `handle.current` when it runs out.
 */
export async function openConnection(plan: ConnectionPlan, handle: ConnectionHandle): Promise<Socket> {
  const proxyUrl = plan.route.proxyUrl;
  const firstHost = proxyUrl ? proxyUrl.hostname.replace(/^\[|\]$/g, '') : plan.host;
  const firstPort = proxyUrl ? Number(proxyUrl.port || (proxyUrl.protocol === 'https:' ? 443 : 80)) : plan.port;
  handle.stage = 'connection';
  let socket: Socket = await openTcp(firstHost, firstPort, plan, handle);
  if (proxyUrl?.protocol === 'https:') {
    // An https:// proxy: TLS to the proxy first, verified like any other peer.
    handle.stage = 'proxy TLS handshake';
    socket = await openTls(socket, { ...plan, host: firstHost, port: firstPort }, handle);
    handle.tls = undefined;
  }
  if (proxyUrl && plan.https) {
    handle.stage = 'tunnel';
    socket = await openTunnel(socket, plan);
  }
  if (plan.https) {
    handle.stage = 'TLS handshake';
    socket = await openTls(socket, plan, handle);
  }
  return socket;
}
