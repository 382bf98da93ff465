// One measurement with autocannon: a warm-up whose figures are thrown away, then the run.
import autocannon from 'autocannon';

const fire = (options) =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/**
 * Loads url with `connections` keep-alive connections. requests (optional) are autocannon's
 * request objects, cycled per connection; statusCounts keeps every status for the caller to judge.
 */
export async function measure({ url, connections, seconds, warmupSeconds, method = 'GET', headers, body, requests }) {
  const options = { url, connections, method, headers, body, requests, timeout: 10 };
  if (warmupSeconds > 0) await fire({ ...options, duration: warmupSeconds });
  const result = await fire({ ...options, duration: seconds });
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    // Connection errors and timeouts: requests that got no answer at all.
    socketErrors: result.errors + result.timeouts,
    statusCounts,
  };
}
