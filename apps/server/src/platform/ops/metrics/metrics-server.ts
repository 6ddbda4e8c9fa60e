import { createServer, type Server } from 'node:http';
import type { AppMetrics } from './app-metrics';

/**
 * Metrics on a port of their own (METRICS_PORT), for a Prometheus that reaches a private interface the
 * public never does: no token there, so bind it where only the monitoring network can connect.
 */
export async function startMetricsServer(
  metrics: AppMetrics,
  port: number,
  host: string,
  onError: (err: unknown) => void,
): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        onError(err);
        res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
