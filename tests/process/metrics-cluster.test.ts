import { expect } from 'chai';
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateDeal } from '../../application/deals/create-deal';
import { CreateTeam } from '../../application/teams/create-team';
import { loadConfig } from '../../bootstrap/config';
import { buildRuntime } from '../../bootstrap/container';
import { sampleOf } from '../support/metrics-text';
import { freePort, sleep } from './raw-http';

const ROOT = join(__dirname, '..', '..');
const WORKERS = 2;
/** Requests to one route: each on a connection of its own, which the primary hands to the workers in turn. */
const REQUESTS = 12;

interface AccessLine {
  msg: string;
  pid: number;
  route?: string;
  status?: number;
}

/** One GET on a connection of its own (no keep-alive), so consecutive requests reach different workers. */
const fetchOnce = (port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    }).on('error', reject);
  });

describe('Server process: metrics of a cluster', function () {
  this.timeout(30000);
  let dir: string;
  let child: ChildProcess | undefined;

  after(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers one scrape, from any worker, with every worker's requests added up", async () => {
    dir = mkdtempSync(join(tmpdir(), 'metrics-'));
    const databaseUrl = `sqlite:${join(dir, 'db.sqlite')}`;
    const runtime = buildRuntime({ ...loadConfig({ DATABASE_URL: databaseUrl }), logLevel: 'silent' });
    let key: string;
    let dealId: string;
    try {
      await runtime.migrate();
      const { team, apiKey } = await runtime.container.get(CreateTeam).execute({ name: 'Metrics' });
      key = apiKey.key;
      dealId = (await runtime.container.get(CreateDeal).execute({ teamId: team.id }, { deal: { title: 'Counted' } })).deal.deal.id;
    } finally {
      await runtime.close();
    }

    const port = await freePort();
    child = spawn(process.execPath, ['--require', 'tsx/cjs', join('bootstrap', 'server-main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        REDIS_URL: '',
        DEMO: '0',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: String(WORKERS),
        METRICS_TOKEN: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (c) => {
      stderr += c;
    });
    const lines: AccessLine[] = [];
    let pending = '';
    child.stdout!.on('data', (chunk) => {
      const parts = (pending + chunk).split('\n');
      pending = parts.pop()!;
      for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part));
    });
    const until = async (what: string, done: () => boolean) => {
      const deadline = Date.now() + 15000;
      while (!done()) {
        if (child!.exitCode !== null || Date.now() > deadline) throw new Error(`${what}: ${stderr}`);
        await sleep(20);
      }
    };
    await until('the workers did not start', () => lines.filter((l) => l.msg === 'Workspace API listening').length === WORKERS);

    const route = '/api/v1/deals/:id';
    for (let i = 0; i < REQUESTS; i++) {
      expect((await fetchOnce(port, `/api/v1/deals/${dealId}`, { Authorization: `Bearer ${key}` })).status).to.equal(200);
    }
    const served = () => lines.filter((l) => l.msg === 'request' && l.route === route);
    await until('the access log lines did not arrive', () => served().length === REQUESTS);
    expect(new Set(served().map((l) => l.pid)).size, 'both workers served some of the requests').to.equal(WORKERS);
    // The workers collect garbage sooner than V8's default (docs/benchmark.md: the memory of a worker).
    for (const pid of new Set(served().map((l) => l.pid))) {
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).to.include.members([
        '--heap-growing-percent=50',
        '--max-semi-space-size=8',
      ]);
    }

    // Two scrapes on two connections: one to each worker, each answers for the whole cluster.
    const scrapes = [await fetchOnce(port, '/metrics'), await fetchOnce(port, '/metrics')];
    for (const scrape of scrapes) {
      expect(scrape.status).to.equal(200);
      expect(sampleOf(scrape.text, 'http_request_duration_seconds_count', { method: 'GET', route, status: '200' })).to.equal(REQUESTS);
      expect(sampleOf(scrape.text, 'http_request_duration_seconds_bucket', { method: 'GET', route, status: '200', le: '+Inf' })).to.equal(
        REQUESTS,
      );
      expect(scrape.text).to.not.contain(dealId);
      // The outbox gauges are read by every worker from the same database: the largest answer, not the sum.
      expect(sampleOf(scrape.text, 'deal_events_pending')).to.be.at.most(1);
    }

    child.kill('SIGTERM');
    const code = await new Promise<number | null>((resolve) => {
      if (child!.exitCode !== null) resolve(child!.exitCode);
      else child!.once('exit', (c) => resolve(c));
    });
    expect(code).to.equal(0);
  });
});
