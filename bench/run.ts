// `npm run bench`: the product against a bare Koa baseline, both started here, measured in the same run.
// Each round measures the baseline once, then every scenario of the product; a scenario's ratio is its
// req/s over that round's baseline, and the table shows the median over the rounds. The machine is shared
// and noisy, so ratios, never absolute numbers, are what to compare between runs.
//
// BENCH_ROWS (10 000) deals in the team, seeded through SQL; BENCH_DATABASE_URL (a fresh SQLite file by
// default) for PostgreSQL; BENCH_SECONDS (5) per measurement; BENCH_ROUNDS (3); BENCH_CONNECTIONS (50);
// `--json` prints the results as JSON instead of a table. Before each measurement the server is given time
// to finish what the previous one left queued.
import autocannon from 'autocannon';
import { ChildProcess, execSync, fork, spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from './seed';

const ROWS = Number(process.env.BENCH_ROWS ?? 10000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const BASELINE_PORT = PORT + 1;
const JSON_OUTPUT = process.argv.includes('--json');

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Measure {
  reqs: number;
  p50: number;
  p99: number;
  errors: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function waitForServer(url: string, headers: Record<string, string> = {}): Promise<void> {
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

/** One GET on a connection of its own, so that the primary hands it to the next worker; its time in ms. */
const probe = (url: string, headers: Record<string, string>): Promise<number> => new Promise((resolve) => {
  const started = performance.now();
  get(url, { agent: false, headers }, (res) => res.resume().on('end', () => resolve(performance.now() - started)))
    .on('error', () => resolve(Infinity));
});

/**
 * Waits until every worker answers a read of one deal at once: a scenario slower than its load leaves
 * requests queued in the server (SQLite) or in the database (PostgreSQL) when autocannon stops, and the
 * next scenario would be measured behind them.
 */
async function settle(url: string, headers: Record<string, string>): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 180_000) {
    const times = [];
    for (let i = 0; i < 4; i++) times.push(await probe(url, headers));
    if (times.every((ms) => ms < 50)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  log('  the server did not settle within 3 minutes');
}

async function measure(url: string, s: Pick<Scenario, 'method' | 'body'>, headers: Record<string, string>): Promise<Measure> {
  const r = await autocannon({ url, method: s.method, headers, body: s.body, connections: CONNECTIONS, duration: SECONDS });
  return { reqs: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors + r.timeouts };
}

/** Resident memory of the server's processes (the primary and its workers), in MB. */
function rssMb(pid: number): number[] {
  try {
    const out = execSync(`ps -o rss= --ppid ${pid} -p ${pid}`, { encoding: 'utf8' });
    return out.trim().split(/\s+/).map((kb) => Math.round(Number(kb) / 1024));
  } catch {
    return [];
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'workspace-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
  const children: ChildProcess[] = [];
  try {
    execSync('npm run --silent build', { stdio: ['ignore', 'ignore', 'inherit'] });
    const seeded = await seed(databaseUrl, ROWS, log);
    const server = spawn(process.execPath, ['dist/bootstrap/server-main.js'], {
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(PORT), DEMO: '0', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '100000000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(server);
    const baseline = fork(join(__dirname, 'baseline.ts'), [], {
      env: { ...process.env, PORT: String(BASELINE_PORT) }, execArgv: ['--require', 'tsx/cjs'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(baseline);

    const base = `http://127.0.0.1:${PORT}/api/v1`;
    const headers = { Authorization: `Bearer ${seeded.key}`, 'Content-Type': 'application/json' };
    const baselineUrl = `http://127.0.0.1:${BASELINE_PORT}/api/v1/list`;
    await waitForServer(`${base}/deals?limit=1`, headers);
    await waitForServer(baselineUrl);

    const middle = Math.max(1, Math.floor(ROWS / 20 / 2));
    const scenarios: Scenario[] = [
      { name: 'GET /deals?limit=20 (page 1, exact total)', method: 'GET', path: '/deals?limit=20' },
      { name: 'GET /deals?search=<word>&min_value=1000', method: 'GET', path: `/deals?search=${encodeURIComponent(seeded.searchWord)}&min_value=1000` },
      { name: 'GET /deals?page=<middle>', method: 'GET', path: `/deals?page=${middle}` },
      { name: 'GET /deals?sort=title', method: 'GET', path: '/deals?sort=title' },
      { name: 'GET /deals/:id', method: 'GET', path: `/deals/${seeded.dealId}` },
      { name: 'POST /deals', method: 'POST', path: '/deals', body: JSON.stringify({ title: 'Nova proposta São Paulo', value: 2500, tags: ['bench'] }) },
      { name: 'GET /clients?limit=20 (200 clients)', method: 'GET', path: '/clients?limit=20' },
      { name: 'GET /deals?project_id= (board, 2 000 deals)', method: 'GET', path: `/deals?project_id=${seeded.projectId}` },
    ];
    // A short warm-up, so the first round does not pay for JIT and caches.
    for (const s of [scenarios[0], scenarios[4]]) await autocannon({ url: `${base}${s.path}`, method: s.method, headers, connections: 10, duration: 1 });
    await autocannon({ url: baselineUrl, connections: 10, duration: 1 });

    const baselineRuns: Measure[] = [];
    const runs = new Map<string, { m: Measure; ratio: number }[]>(scenarios.map((s) => [s.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      await settle(`${base}/deals/${seeded.dealId}`, headers);
      const b = await measure(baselineUrl, { method: 'GET' }, {});
      baselineRuns.push(b);
      log(`round ${round}: baseline ${Math.round(b.reqs)} req/s`);
      for (const s of scenarios) {
        await settle(`${base}/deals/${seeded.dealId}`, headers);
        const m = await measure(`${base}${s.path}`, s, headers);
        runs.get(s.name)!.push({ m, ratio: m.reqs / b.reqs });
        log(`  ${s.name}: ${Math.round(m.reqs)} req/s (${(m.reqs / b.reqs).toFixed(3)}x), p99 ${m.p99} ms`);
      }
    }

    const results = scenarios.map((s) => {
      const r = runs.get(s.name)!;
      return {
        scenario: s.name,
        ratio: Number(median(r.map((x) => x.ratio)).toFixed(3)),
        reqs: Math.round(median(r.map((x) => x.m.reqs))),
        p50: median(r.map((x) => x.m.p50)),
        p99: median(r.map((x) => x.m.p99)),
        errors: r.reduce((n, x) => n + x.m.errors, 0),
      };
    });
    const summary = {
      database: databaseUrl.split(':')[0], rows: ROWS, connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS,
      baseline_reqs: Math.round(median(baselineRuns.map((b) => b.reqs))), server_rss_mb: rssMb(server.pid!), results,
    };
    if (JSON_OUTPUT) {
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      return;
    }
    process.stdout.write(`\n${summary.database}, ${ROWS} deals in the team, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s; `
      + `baseline (bare Koa, 2 KB list) median ${summary.baseline_reqs} req/s; server RSS after the run ${summary.server_rss_mb.join(' / ')} MB\n\n`);
    process.stdout.write('| scenario | ratio to baseline | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|\n');
    for (const r of results) process.stdout.write(`| ${r.scenario} | ${r.ratio.toFixed(3)}x | ${r.reqs} | ${r.p50} | ${r.p99} | ${r.errors} |\n`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
