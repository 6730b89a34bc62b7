import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';

/** A redis-server the test started on loopback, with persistence off. */
export interface RedisServer {
  readonly port: number;
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  /** Kills it with SIGKILL, as a crash would, and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port and waits until it answers PING. */
  start(): Promise<void>;
  /** Stops it for good. */
  stop(): Promise<void>;
}

/** The binary, overridable with REDIS_SERVER for a non-standard install. */
const BINARY = process.env['REDIS_SERVER'] ?? 'redis-server';

/**
 * Starts `redis-server --port N --save '' --appendonly no` on 127.0.0.1 and a free port, and
 * waits for PING. A missing binary fails the test with the command that installs it: these
 * tests must never be skipped silently.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const spawned = spawn(
      BINARY,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child = spawned;
    const failed = new Promise<never>((_, reject) => {
      spawned.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new Error(
            error.code === 'ENOENT'
              ? `redis-server is not installed (looked for ${JSON.stringify(BINARY)}). Install it with: apt-get update && apt-get install -y redis-server, or set REDIS_SERVER to its path.`
              : `redis-server failed to start: ${error.message}`,
          ),
        ),
      );
      spawned.once('exit', (code) =>
        reject(new Error(`redis-server exited with code ${code} while starting`)),
      );
    });
    failed.catch(() => {}); // observed below; this only keeps a late rejection from going unhandled
    await Promise.race([waitForPing(port), failed]);
  };

  const halt = async (signal: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill(signal);
    await exited;
  };

  try {
    await start();
  } catch (error) {
    await halt('SIGKILL'); // a server that never answered must not outlive the caller
    throw error;
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill: () => halt('SIGKILL'),
    start,
    stop: () => halt('SIGTERM'),
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function waitForPing(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await ping(port)) return;
    if (Date.now() > deadline)
      throw new Error(`redis-server on port ${port} did not answer PING within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let answer = '';
    const done = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}
