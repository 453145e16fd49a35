// What the bench scripts share: starting the built server against a database, waiting for it, and reading
// its processes' memory.
import { ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

/** Waits until `url` answers below 500 (the server is up), for at most 30 s. */
export async function waitForServer(url: string, headers: Record<string, string> = {}): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url, { headers })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start: ${url}`);
}

/** Resident memory of the server's processes (the primary and its workers), in MB. */
export function rssMb(pid: number): number[] {
  try {
    const out = execSync(`ps -o rss= --ppid ${pid} -p ${pid}`, { encoding: 'utf8' });
    return out
      .trim()
      .split(/\s+/)
      .map((kb) => Math.round(Number(kb) / 1024));
  } catch {
    return [];
  }
}

/** The built server on `port`, with the rate limits out of the way and its logs at error only. */
export function startServer(databaseUrl: string, port: number, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['dist/bootstrap/server-main.js'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DEMO: '0',
      LOG_LEVEL: 'error',
      RATE_LIMIT_PER_MINUTE: '100000000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000000',
      INBOUND_RATE_LIMIT_PER_MINUTE: '100000000',
      // Event subscriptions keep a sealed secret, and the bench's receiver listens on loopback.
      SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString('hex'),
      EVENT_DELIVERY_ALLOW_PRIVATE_NETWORKS: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** A gauge of the server's `/metrics`; undefined when it does not tell. */
export async function gauge(base: string, name: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`${base}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.slice(name.length + 1));
  } catch {
    return undefined;
  }
}
