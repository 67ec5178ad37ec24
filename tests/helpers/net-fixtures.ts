// Real network things for the network matrix, all on 127.0.0.1 or in a namespace a test makes:
// CAs and certificates made with openssl, HTTP(S) targets, fake proxies, a Squid started from
// Debian's package with a temp config, and a network namespace whose packets go nowhere.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect as tcpConnect, createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { join } from 'node:path';
import { tempDir } from './temp-dirs.ts';

export function tempNetDir(prefix = 'metabob-net-'): string {
  return tempDir(prefix);
}

export interface Ca {
  name: string;
  certPath: string;
  keyPath: string;
  certPem: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** A CA made with openssl: CN is the issuer name a tls_intercepted line reports. */
export function makeCa(dir: string, name: string): Ca {
  const base = name.replace(/[^a-zA-Z0-9]+/g, '-').toLowerCase();
  const keyPath = join(dir, `${base}.key`);
  const certPath = join(dir, `${base}.crt`);
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyPath,
      '-out',
      certPath,
      '-days',
      '2',
      '-subj',
      `/CN=${name}/O=Metabob Tests`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  return { name, certPath, keyPath, certPem: readFileSync(certPath, 'utf8') };
}

export interface Leaf {
  key: string;
  cert: string;
}

/** A server certificate for `names` (DNS names or IPs) signed by `ca`. */
export function issueCert(dir: string, ca: Ca, names: string[]): Leaf {
  const base = `${names[0].replace(/[^a-zA-Z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const keyPath = join(dir, `${base}.key`);
  const csrPath = join(dir, `${base}.csr`);
  const certPath = join(dir, `${base}.crt`);
  const extPath = join(dir, `${base}.ext`);
  const san = names.map((n) => (/^[\d.]+$|:/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
  writeFileSync(extPath, `subjectAltName=${san}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyPath, '-out', csrPath, '-subj', `/CN=${names[0]}`], dir);
  openssl(
    ['x509', '-req', '-in', csrPath, '-CA', ca.certPath, '-CAkey', ca.keyPath, '-CAcreateserial', '-out', certPath, '-days', '2', '-extfile', extPath],
    dir,
  );
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8') };
}

export interface Listening {
  port: number;
  /** Connections accepted so far (to count retries). */
  connections: () => number;
  close: () => Promise<void>;
}

function track(server: Server): Listening {
  const sockets = new Set<Socket>();
  let count = 0;
  server.on('connection', (s: Socket) => {
    count++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('secureConnection', () => undefined);
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

function listen(server: Server, port = 0): Promise<Listening> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(track(server)));
  });
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** The JSON answer every target gives unless a test says otherwise. */
export const jsonHandler: Handler = (req, res, body) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ ok: true, method: req.method, url: req.url, host: req.headers.host, body }));
};

function withBody(handler: Handler) {
  return (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, res, body));
  };
}

export function startHttpTarget(handler: Handler = jsonHandler, port = 0): Promise<Listening> {
  return listen(createHttpServer(withBody(handler)) as unknown as Server, port);
}

export function startHttpsTarget(leaf: Leaf, handler: Handler = jsonHandler, port = 0): Promise<Listening> {
  return listen(createHttpsServer({ key: leaf.key, cert: leaf.cert }, withBody(handler)) as unknown as Server, port);
}

/** A raw TCP peer: `onSocket` decides what it does with each connection. */
export function startRawPeer(onSocket: (socket: Socket) => void): Promise<Listening> {
  return listen(createTcpServer(onSocket));
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const peer = await startRawPeer((s) => s.destroy());
  const { port } = peer;
  await peer.close();
  return port;
}

/**
 * A fake proxy that answers every CONNECT with `answer` (raw HTTP text), or tunnels when
 * `answer` is 'tunnel'. It reads the request head first, so it can be asked what it got.
 */
export function startFakeProxy(answer: string | 'tunnel', heads: string[] = [], tlsLeaf?: Leaf): Promise<Listening> {
  const onClient = (client: Socket) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      const end = buffered.indexOf('\r\n\r\n');
      if (end < 0) return;
      client.removeListener('data', onData);
      heads.push(buffered.slice(0, end));
      if (answer !== 'tunnel') {
        client.end(answer);
        return;
      }
      const [host, port] = buffered.split(' ')[1].split(':');
      const upstream = tcpConnect({ host: host === 'substrate.metabob.test' ? '127.0.0.1' : host, port: Number(port) }, () => {
        client.write('HTTP/1.1 200 Connection established\r\n\r\n');
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    };
    client.on('data', onData);
    client.on('error', () => undefined);
  };
  // An https:// proxy: the same proxy behind TLS.
  if (tlsLeaf) return listen(createTlsServer({ key: tlsLeaf.key, cert: tlsLeaf.cert }, onClient) as unknown as Server);
  return startRawPeer(onClient);
}

// ---- Squid -------------------------------------------------------------------------------

export const SQUID = '/usr/sbin/squid';
export const BASIC_NCSA_AUTH = ['/usr/lib/squid/basic_ncsa_auth', '/usr/lib64/squid/basic_ncsa_auth'].find((p) => existsSync(p));

/** Why the Squid cases cannot run here, or undefined when they can. */
export function squidMissingReason(): string | undefined {
  if (!existsSync(SQUID)) return `squid is not installed at ${SQUID} (apt-get install squid; .ci/run installs it)`;
  if (!BASIC_NCSA_AUTH) return 'basic_ncsa_auth (from the squid package) is missing';
  if (spawnSync('htpasswd', ['-h']).error) return 'htpasswd is not installed (apt-get install apache2-utils)';
  return undefined;
}

export interface SquidOptions {
  user: string;
  password: string;
  /** Ports CONNECT may reach besides 443 (Squid's default SSL_ports rule allows only 443). */
  extraSslPorts: number[];
  /** host-name lines Squid resolves itself (its hosts_file), e.g. "127.0.0.1 substrate.metabob.test". */
  hosts: string[];
}

export interface RunningSquid {
  port: number;
  dir: string;
  stop: () => Promise<void>;
}

function waitForPort(port: number, child: ChildProcess, timeoutMs: number, logPath: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`squid exited (${child.exitCode}): ${tail(logPath)}`));
      const s = tcpConnect({ host: '127.0.0.1', port }, () => {
        s.destroy();
        resolve();
      });
      s.on('error', () => {
        s.destroy();
        if (Date.now() > deadline) reject(new Error(`squid did not listen on ${port} within ${timeoutMs} ms: ${tail(logPath)}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

function tail(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-5).join(' | ');
  } catch {
    return '(no log)';
  }
}

/** Starts a real Squid on a free loopback port with Basic auth and a temp config; stop() ends it. */
export async function startSquid(options: SquidOptions): Promise<RunningSquid> {
  const dir = tempNetDir('metabob-squid-');
  // Squid started as root drops to its effective user, which must reach these files.
  chmodSync(dir, 0o777);
  execFileSync('htpasswd', ['-bc', join(dir, 'passwd'), options.user, options.password], { stdio: 'ignore' });
  chmodSync(join(dir, 'passwd'), 0o644);
  writeFileSync(join(dir, 'hosts'), `${options.hosts.join('\n')}\n`);
  const port = await closedPort();
  const sslPorts = [443, ...options.extraSslPorts].join(' ');
  const config = [
    `http_port 127.0.0.1:${port}`,
    `pid_filename ${dir}/squid.pid`,
    `cache_log ${dir}/cache.log`,
    `access_log stdio:${dir}/access.log`,
    'cache deny all',
    `coredump_dir ${dir}`,
    `hosts_file ${dir}/hosts`,
    'pinger_enable off',
    'icp_port 0',
    'htcp_port 0',
    'shutdown_lifetime 0 seconds',
    'connect_timeout 5 seconds',
    `auth_param basic program ${BASIC_NCSA_AUTH} ${dir}/passwd`,
    'auth_param basic realm metabob-test',
    'auth_param basic children 2',
    'acl authed proxy_auth REQUIRED',
    // Squid's default rule: CONNECT only to SSL_ports (443, plus what the test allows).
    `acl SSL_ports port ${sslPorts}`,
    'acl CONNECT method CONNECT',
    'http_access deny CONNECT !SSL_ports',
    'http_access allow authed',
    'http_access deny all',
  ].join('\n');
  writeFileSync(join(dir, 'squid.conf'), `${config}\n`);
  const child = spawn(SQUID, ['-N', '-f', join(dir, 'squid.conf')], { stdio: 'ignore' });
  try {
    await waitForPort(port, child, 15_000, join(dir, 'cache.log'));
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    port,
    dir,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

// ---- A network namespace whose packets go nowhere ------------------------------------------

export interface DropNamespace {
  name: string;
  /** An address on the namespace's veth link whose packets are delivered to a peer that drops them. */
  droppedAddress: string;
  remove: () => void;
}

/** Why a namespace cannot be made here, or undefined when it can. */
export function namespaceMissingReason(): string | undefined {
  if (process.platform !== 'linux') return 'network namespaces are Linux-only';
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'making a network namespace needs root';
  if (spawnSync('ip', ['-V']).error) return 'the ip command (iproute2) is missing';
  return undefined;
}

/**
 * A namespace with a veth pair: 10.200.0.1/24 on one end, the other end up with no address and a
 * permanent neighbour entry for 10.200.0.2, so a SYN to 10.200.0.2 leaves and is silently dropped
 * (the machine has no iptables/nft here; this drops packets without a firewall rule).
 */
export function makeDropNamespace(): DropNamespace {
  const name = `mbnet${process.pid}${Math.random().toString(36).slice(2, 6)}`;
  const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  const inNs = (...args: string[]) => ip('netns', 'exec', name, 'ip', ...args);
  ip('netns', 'add', name);
  try {
    inNs('link', 'set', 'lo', 'up');
    inNs('link', 'add', 'mbv0', 'type', 'veth', 'peer', 'name', 'mbv1');
    inNs('addr', 'add', '10.200.0.1/24', 'dev', 'mbv0');
    inNs('link', 'set', 'mbv0', 'up');
    inNs('link', 'set', 'mbv1', 'up');
    const mac = /link\/ether ([0-9a-f:]+)/.exec(inNs('link', 'show', 'mbv1'))?.[1] ?? '02:00:00:00:00:01';
    inNs('neigh', 'add', '10.200.0.2', 'lladdr', mac, 'dev', 'mbv0', 'nud', 'permanent');
  } catch (err) {
    spawnSync('ip', ['netns', 'del', name]);
    throw err;
  }
  return { name, droppedAddress: '10.200.0.2', remove: () => void spawnSync('ip', ['netns', 'del', name]) };
}

/** A directory holding a fake `gsettings` that reports the given GNOME proxy settings. */
export function fakeGsettings(dir: string, settings: Record<string, string>): string {
  const binDir = join(dir, 'fake-bin');
  execFileSync('mkdir', ['-p', binDir]);
  const cases = Object.entries(settings)
    .map(([key, value]) => `  "${key}") echo "${value.replace(/"/g, '\\"')}" ;;`)
    .join('\n');
  writeFileSync(join(binDir, 'gsettings'), `#!/bin/sh\ncase "$2 $3" in\n${cases}\n  *) echo "''" ;;\nesac\n`);
  chmodSync(join(binDir, 'gsettings'), 0o755);
  return binDir;
}

// ---- A listener whose accept queue is full -------------------------------------------------

export interface FullBacklog {
  port: number;
  close: () => void;
}

/** Why a full-backlog listener cannot be made here, or undefined when it can. */
export function fullBacklogMissingReason(): string | undefined {
  if (process.platform !== 'linux') return 'the full-accept-queue drop is Linux behaviour';
  if (spawnSync('python3', ['-c', 'pass']).error) return 'python3 is missing (a listener that never accepts cannot be made in Node)';
  return undefined;
}

/**
 * A loopback listener (backlog 0) that never accepts, with its queue filled by one connection:
 * Linux then drops every further SYN to it, so a connect hangs as it does to a blackholed host,
 * without root or a firewall. Node always accepts, hence the small Python process.
 */
export async function startFullBacklog(): Promise<FullBacklog> {
  const child = spawn(
    'python3',
    [
      '-c',
      [
        'import socket, sys, time',
        's = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(0)',
        'print(s.getsockname()[1], flush=True)',
        'sys.stdin.read()',
      ].join('\n'),
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once('exit', (code) => reject(new Error(`python3 listener exited (${code})`)));
  });
  const fillers: Socket[] = [];
  // Fill the accept queue: connects complete until it is full, then SYNs are dropped.
  for (let i = 0; i < 4; i++) {
    const done = await new Promise<boolean>((resolve) => {
      const s = tcpConnect({ host: '127.0.0.1', port });
      fillers.push(s);
      s.on('error', () => resolve(false));
      const timer = setTimeout(() => resolve(false), 300);
      s.once('connect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!done) break;
  }
  return {
    port,
    close: () => {
      for (const s of fillers) s.destroy();
      child.stdin.end();
      child.kill();
    },
  };
}
