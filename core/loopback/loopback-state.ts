// Whether this process's loopback HTTP server is listening: the condition of the
// `loopback_http`, `sse` and `metrics_prometheus` capability tags (a headless `call` has none).
let listening = false;

export function setLoopbackListening(value: boolean): void {
  listening = value;
}

export function loopbackListening(): boolean {
  return listening;
}
