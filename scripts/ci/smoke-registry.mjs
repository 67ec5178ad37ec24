// A one-package npm registry on 127.0.0.1 for the package smoke (SPEC §Runtime): it serves the
// packed tarball of this package (its packument and the tarball) and passes every other
// request through to the configured upstream registry, so `npx -y @metabob/mcp@<version>`, the
// plugins' own launch command, installs this build with its real dependencies. A registry
// written for the test, because verdaccio does not install here (its `node-fetch@cjs`
// dependency tag does not resolve).
//
//   node scripts/ci/smoke-registry.mjs <tarball.tgz> [--upstream <url>] [--port <n>]
// prints `registry: http://127.0.0.1:<port>/` on stderr and serves until killed.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

/** `package/package.json` of a packed tarball, read from its ustar entries. */
export function packageJsonOf(tgz) {
  const tar = gunzipSync(tgz);
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    const field = (from, to) =>
      header
        .subarray(from, to)
        .toString('utf8')
        .replace(/\0[^]*$/, '');
    const name = field(0, 100);
    if (!name) break;
    const prefix = field(345, 500);
    const size = parseInt(field(124, 136).trim() || '0', 8);
    const path = prefix ? `${prefix}/${name}` : name;
    if (path === 'package/package.json') return JSON.parse(tar.subarray(at + 512, at + 512 + size).toString('utf8'));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error('no package/package.json in the tarball');
}

/** The packument npm reads for `name`: one version, tagged latest, whose tarball this registry serves. */
function packumentOf(pkg, tgz, base) {
  const file = `${pkg.name.split('/').pop()}-${pkg.version}.tgz`;
  const tarballPath = `/${pkg.name}/-/${file}`;
  const dist = {
    tarball: `${base}${tarballPath.slice(1)}`,
    shasum: createHash('sha1').update(tgz).digest('hex'),
    integrity: `sha512-${createHash('sha512').update(tgz).digest('base64')}`,
  };
  const version = { ...pkg, _id: `${pkg.name}@${pkg.version}`, dist };
  const packument = { _id: pkg.name, name: pkg.name, 'dist-tags': { latest: pkg.version }, versions: { [pkg.version]: version }, time: {} };
  return { packument: JSON.stringify(packument), tarballPath };
}

/** Forwards one request to `upstream` and streams its answer back unchanged. */
function passThrough(req, res, upstream) {
  const target = new URL(req.url.replace(/^\/+/, ''), upstream);
  const headers = { ...req.headers, host: target.host };
  delete headers.connection;
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const out = send(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  out.on('error', (err) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`upstream_unreachable: ${target.host}: ${err.message}\n`);
  });
  req.pipe(out);
}

/**
 * Starts the registry on 127.0.0.1 (port 0: any free one). `requests` lists what it served
 * itself (`packument`, `tarball`) and how many requests it passed through, for the test to read.
 */
export async function startSmokeRegistry({ tarball, upstream, port = 0 }) {
  const tgz = readFileSync(tarball);
  const pkg = packageJsonOf(tgz);
  const upstreamUrl = upstream.endsWith('/') ? upstream : `${upstream}/`;
  const served = { packument: 0, tarball: 0, passedThrough: 0 };
  let answers;
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://registry').pathname);
    if (req.method === 'GET' && path === `/${pkg.name}`) {
      served.packument++;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(answers.packument);
    } else if (req.method === 'GET' && path === answers.tarballPath) {
      served.tarball++;
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tgz.length });
      res.end(tgz);
    } else {
      served.passedThrough++;
      passThrough(req, res, upstreamUrl);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  answers = packumentOf(pkg, tgz, url);
  return {
    url,
    name: pkg.name,
    version: pkg.version,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [tarball, ...rest] = process.argv.slice(2);
  const option = (name) => {
    const i = rest.indexOf(name);
    return i === -1 ? undefined : rest[i + 1];
  };
  if (!tarball) {
    process.stderr.write('usage: node scripts/ci/smoke-registry.mjs <tarball.tgz> [--upstream <url>] [--port <n>]\n');
    process.exit(2);
  }
  const registry = await startSmokeRegistry({
    tarball,
    upstream: option('--upstream') ?? process.env.npm_config_registry ?? 'https://registry.npmjs.org/',
    port: Number(option('--port') ?? 0),
  });
  process.stderr.write(`registry: ${registry.url} serves ${registry.name}@${registry.version}\n`);
}
