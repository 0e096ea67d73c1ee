/**
 * A bounded closed-loop load generator over node:http with keep-alive: `connections` workers,
 * each sending its next request as soon as the previous answer is read, for `warmup` requests
 * (not measured) and then `requests` measured ones. It stops by itself: after those counts, or
 * when a phase has run for its time cap (slow endpoints on a busy 2-core machine); loopback only.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Target {
  path: string;
  headers: Record<string, string>;
}

export interface LoadOptions {
  connections: number;
  warmup: number;
  requests: number;
  /** The measured phase starts no request after this many seconds (so it may measure fewer). */
  maxSeconds: number;
  /** The same cap for the warm-up. */
  warmupMaxSeconds: number;
  /** Per request; a slower answer counts as an error. */
  timeoutMs?: number;
}

export interface LoadResult {
  /** Measured requests: `requests`, or fewer when the time cap ended the phase. */
  requests: number;
  connections: number;
  /** Latency percentiles and mean of the measured requests, in milliseconds. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  /** Measured requests divided by the wall time of the measured phase. */
  rps: number;
  /** Answers other than 200, and requests that failed (connection error, timeout). */
  non200: number;
  errors: number;
  meanBytes: number;
}

interface Answer {
  status: number;
  /** For checks such as the image resizer's Server-Timing (hit or miss). */
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One GET on 127.0.0.1:`port`. */
export function get(agent: Agent, port: number, target: Target, timeoutMs = 30_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host: '127.0.0.1',
        port,
        path: target.path,
        method: 'GET',
        headers: target.headers,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Runs the warm-up and the measured phase against `targets`, cycling through them in order: the
 * measured phase goes on where the warm-up stopped, so a list of distinct requests measures
 * requests the warm-up did not make (their answers are not in the server's result cache yet).
 */
export async function runLoad(port: number, targets: Target[], options: LoadOptions): Promise<LoadResult> {
  const { connections, warmup, requests, maxSeconds, warmupMaxSeconds, timeoutMs = 30_000 } = options;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  let cursor = 0;
  const phase = async (
    total: number,
    seconds: number,
    record: (ms: number, answer: Answer | null) => void,
  ) => {
    const deadline = performance.now() + seconds * 1000;
    const worker = async () => {
      while (next < total && performance.now() < deadline) {
        next++;
        const target = targets[cursor++ % targets.length]!;
        const start = process.hrtime.bigint();
        let answer: Answer | null = null;
        try {
          answer = await get(agent, port, target, timeoutMs);
        } catch {
          answer = null;
        }
        record(Number(process.hrtime.bigint() - start) / 1e6, answer);
      }
    };
    await Promise.all(Array.from({ length: connections }, worker));
  };
  try {
    await phase(warmup, warmupMaxSeconds, () => {});
    next = 0;
    const latencies: number[] = [];
    let non200 = 0;
    let errors = 0;
    let bytes = 0;
    const started = process.hrtime.bigint();
    await phase(requests, maxSeconds, (ms, answer) => {
      latencies.push(ms);
      if (!answer) errors++;
      else {
        if (answer.status !== 200) non200++;
        bytes += answer.body.length;
      }
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    latencies.sort((a, b) => a - b);
    const measured = latencies.length;
    return {
      requests: measured,
      connections,
      p50: percentile(latencies, 0.5),
      p90: percentile(latencies, 0.9),
      p99: percentile(latencies, 0.99),
      max: latencies.at(-1) ?? Number.NaN,
      mean: latencies.reduce((sum, ms) => sum + ms, 0) / measured,
      rps: measured / seconds,
      non200,
      errors,
      meanBytes: bytes / Math.max(1, measured - errors),
    };
  } finally {
    agent.destroy();
  }
}
