/**
 * A small round-robin HTTP proxy for bench/scale-out.bench.ts (what a load balancer does in front
 * of the API nodes): RR_UPSTREAMS=http://127.0.0.1:8081,http://127.0.0.1:8082. Prints its port.
 */
import http from 'node:http';

const upstreams = (process.env.RR_UPSTREAMS ?? '')
  .split(',')
  .filter(Boolean)
  .map((u) => new URL(u));
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

const server = http.createServer((req, res) => {
  const target = upstreams[next++ % upstreams.length];
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`RR_PROXY_PORT ${(server.address() as { port: number }).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
