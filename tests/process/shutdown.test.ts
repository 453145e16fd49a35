import { expect } from 'chai';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { CreateClient } from '../../application/clients/create-client';
import { CreateTeam } from '../../application/teams/create-team';
import { loadConfig } from '../../bootstrap/config';
import { buildRuntime } from '../../bootstrap/container';
import { freePort, RawClient, refuses, sleep } from './raw-http';

const ROOT = join(__dirname, '..', '..');
/** Clients seeded, each with notes this long: a page of them is far more than the system buffers of a connection. */
const CLIENTS = 100;
const NOTES_LENGTH = 100_000;

interface Server {
  child: ChildProcess;
  port: number;
  /** The pids of the processes that serve (the workers in cluster mode). */
  servingPids: number[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * The real server (`bootstrap/server-main.ts`) as a child process, the way `npm start` runs it but from the
 * sources, once every serving process is listening.
 */
async function startServer(databaseUrl: string, env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const workers = Number(env.WEB_CONCURRENCY ?? '1');
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', join('bootstrap', 'server-main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      REDIS_URL: '',
      DEMO: '0',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const servingPids: number[] = [];
  let pending = '';
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const entry = JSON.parse(line);
        if (entry.msg === 'Workspace API listening') servingPids.push(entry.pid);
      }
      if (servingPids.length === workers) resolve();
    });
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}) before listening: ${stderr}`)));
  });
  await listening;
  return { child, port, servingPids, exited };
}

/** Sends `count` requests over a few keep-alive connections, each answered before the next on its connection. */
async function requestMany(port: number, path: string, count: number): Promise<void> {
  let sent = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        res.once('end', resolve);
      });
      req.once('error', reject);
      req.end();
    });
  const connection = async () => {
    while (sent < count) {
      sent++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: 8 }, connection));
}

const get = (path: string, key: string) => `GET ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\n\r\n`;

describe('Server process: stopping', function () {
  this.timeout(30000);
  let dir: string;
  let databaseUrl: string;
  let key: string;
  let server: Server | undefined;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shutdown-'));
    databaseUrl = `sqlite:${join(dir, 'db.sqlite')}`;
    const runtime = buildRuntime({ ...loadConfig({ DATABASE_URL: databaseUrl }), logLevel: 'silent' });
    try {
      await runtime.migrate();
      const { team, apiKey } = await runtime.container.get(CreateTeam).execute({ name: 'Shutdown' });
      key = apiKey.key;
      const notes = 'n'.repeat(NOTES_LENGTH);
      for (let i = 0; i < CLIENTS; i++) {
        await runtime.container.get(CreateClient).execute({ teamId: team.id }, { type: 'PF', name: `Client ${i}`, notes });
      }
    } finally {
      await runtime.close();
    }
  });

  afterEach(() => {
    // A server a failed test left running.
    for (const pid of [server?.child.pid ?? 0, ...(server?.servingPids ?? [])]) if (pid && alive(pid)) process.kill(pid, 'SIGKILL');
    server = undefined;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * On SIGTERM, with an idle keep-alive connection, a request whose body is still coming, and a large
   * response its client has not read yet: the idle one closes at once, new connections are refused, the
   * request is served and its connection closed, the large response arrives whole, and the process exits 0.
   */
  const stopsGracefully = async (s: Server, shutdownTimeoutMs: number) => {
    const idle = (await RawClient.open(s.port)).send(get('/api/v1/clients?limit=1', key));
    expect((await idle.nextResponse()).status).to.equal(200);

    const body = JSON.stringify({ type: 'PF', name: 'Arrived while stopping' });
    const busy = (await RawClient.open(s.port)).send(
      `POST /api/v1/clients HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );

    const slow = await RawClient.open(s.port);
    const firstBytes = new Promise<void>((resolve) =>
      slow.socket.once('data', () => {
        slow.socket.pause();
        resolve();
      }),
    );
    slow.send(get(`/api/v1/clients?limit=${CLIENTS}&sort=created_at`, key)); // the seeded ones, oldest first
    await firstBytes; // the server has the whole response in hand and is writing it out

    const signalledAt = Date.now();
    s.child.kill('SIGTERM');

    expect(await Promise.race([idle.closed.then(() => 'closed'), sleep(2000).then(() => 'open')]), 'the idle connection').to.equal(
      'closed',
    );
    let refused = false;
    while (!refused && Date.now() - signalledAt < 2000) {
      refused = await refuses(s.port);
      if (!refused) await sleep(20);
    }
    expect(refused, 'a new connection after the signal is refused').to.equal(true);
    expect(alive(s.child.pid!), 'the server waits for the response in flight').to.equal(true);

    busy.send(body.slice(10));
    const created = await busy.nextResponse();
    expect(created.status).to.equal(201);
    expect(created.headers.connection).to.equal('close');
    await busy.closed;

    slow.socket.resume();
    await slow.closed;
    const page = slow.response();
    expect(page, `got ${slow.bytes().length} bytes`).to.not.equal(null);
    expect(page!.status).to.equal(200);
    const json = JSON.parse(page!.body.toString('utf8'));
    expect(json.data).to.have.length(CLIENTS);
    expect(json.data.every((c: { notes: string }) => c.notes.length === NOTES_LENGTH)).to.equal(true);

    const { code, signal, at } = await s.exited;
    expect({ code, signal }).to.deep.equal({ code: 0, signal: null });
    expect(at - signalledAt).to.be.below(shutdownTimeoutMs);
  };

  it('in one process, ends the requests in flight, then exits 0', async () => {
    server = await startServer(databaseUrl, { WEB_CONCURRENCY: '1', SHUTDOWN_TIMEOUT_MS: '5000' });
    await stopsGracefully(server, 5000);
  });

  it('with two workers, each ends its requests in flight, then every process exits 0', async () => {
    server = await startServer(databaseUrl, { WEB_CONCURRENCY: '2', SHUTDOWN_TIMEOUT_MS: '5000' });
    expect(server.servingPids).to.have.length(2);
    expect(server.servingPids).to.not.include(server.child.pid);
    await stopsGracefully(server, 5000);
    for (const pid of server.servingPids) expect(alive(pid), `worker ${pid}`).to.equal(false);
    expect(server.servingPids, 'no worker forked while stopping').to.have.length(2);
  });

  it('closes a request still hanging at SHUTDOWN_TIMEOUT_MS, and exits 0', async () => {
    server = await startServer(databaseUrl, { WEB_CONCURRENCY: '1', SHUTDOWN_TIMEOUT_MS: '300' });
    const hanging = (await RawClient.open(server.port)).send(
      `POST /api/v1/clients HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"type"`,
    );
    await sleep(100);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code).to.equal(0);
    expect(at - signalledAt)
      .to.be.at.least(250)
      .and.below(3000);
    await hanging.closed;
  });

  it('exits at once on a second signal', async () => {
    server = await startServer(databaseUrl, { WEB_CONCURRENCY: '1', SHUTDOWN_TIMEOUT_MS: '20000' });
    (await RawClient.open(server.port)).send(
      `POST /api/v1/clients HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"type"`,
    );
    await sleep(100);
    server.child.kill('SIGTERM');
    await sleep(200);
    const signalledAt = Date.now();
    server.child.kill('SIGINT');
    const { code, at } = await server.exited;
    expect(code).to.not.equal(0);
    expect(at - signalledAt).to.be.below(2000);
  });

  it('exits when nothing reads its logs any more, the logs it could not write left behind', async () => {
    server = await startServer(databaseUrl, { WEB_CONCURRENCY: '1', SHUTDOWN_TIMEOUT_MS: '1000' });
    // A log shipper that stalled: the pipe fills, and every line logged after that waits in the process.
    server.child.stdout!.pause();
    await requestMany(server.port, '/api/v1/no-such-route', 1000);
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    expect({ code, signal }).to.deep.equal({ code: 0, signal: null });
  });

  it('goes on serving and exits 0 when the reader of its logs is gone', async () => {
    server = await startServer(databaseUrl, { WEB_CONCURRENCY: '1', SHUTDOWN_TIMEOUT_MS: '1000' });
    server.child.stdout!.destroy();
    await requestMany(server.port, '/api/v1/no-such-route', 200);
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    expect({ code, signal }).to.deep.equal({ code: 0, signal: null });
  });
});
