import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  total: number;
}

/** Drives one URL with autocannon and returns mean requests/s and p99 latency. */
export async function load(options: {
  url: string;
  connections?: number;
  durationSeconds?: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  requests?: autocannon.Request[];
  /** Called for each connection as autocannon opens it (its own request list, say). */
  setupClient?: (client: autocannon.Client) => void;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 10,
    headers: options.headers,
    method: options.method ?? 'GET',
    requests: options.requests,
    ...(options.setupClient ? { setupClient: options.setupClient } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
  };
}
