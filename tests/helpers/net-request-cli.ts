// Runs one netRequest from a JSON argument and prints its outcome as one JSON line: used by the
// network matrix to make a request from inside a network namespace (`ip netns exec`).
import { netRequest, NetError, type NetRequestOptions } from '../../core/net/net.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as NetRequestOptions;
const started = Date.now();
try {
  const res = await netRequest(options);
  process.stdout.write(
    `${JSON.stringify({ ok: true, status: res.status, body: res.body, route: res.route, attempts: res.attempts, ms: Date.now() - started })}\n`,
  );
} catch (err) {
  const e = err instanceof NetError ? { token: err.token, line: err.line, route: err.route } : { token: 'not_a_net_error', line: String(err) };
  process.stdout.write(`${JSON.stringify({ ok: false, ...e, ms: Date.now() - started })}\n`);
}
