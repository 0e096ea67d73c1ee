/**
 * One probing client of the runtime bench (bench/runtime.ts), in a process of its own: it asks the
 * server for one path, one request after another (one every 20 ms, a visitor's page load rather
 * than a flood), until the parent says stop, then sends the parent its latencies. Run in the
 * parent's process, a probe's timings also held the parent's own waits: its event loop is busy
 * with the 50 searching connections' answers.
 *
 * Plain JavaScript: a child process started without tsx. `node bench/probe.mjs PORT PATH`, forked.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';

const [port, path] = process.argv.slice(2);
if (!process.send || !port || !path) throw new Error('bench/probe.mjs is forked by bench/runtime.ts');

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let stopped = false;
process.once('message', () => (stopped = true));
// A parent that died (a bench stopped by Ctrl-C) leaves no probe behind.
process.once('disconnect', () => process.exit(0));

/** One GET, its body read to the end; its status, or 0 when it failed. */
const get = () =>
  new Promise((resolve) => {
    const req = request({ agent, host: '127.0.0.1', port: Number(port), path, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout after 30 s')));
    req.on('error', () => resolve(0));
    req.end();
  });

const latencies = [];
let failed = 0;
process.send('started');
while (!stopped) {
  const start = performance.now();
  const status = await get();
  latencies.push(performance.now() - start);
  if (status !== 200) failed++;
  await sleep(20);
}
agent.destroy();
process.send({ latencies, failed }, () => process.exit(0));
