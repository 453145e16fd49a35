// `npm run bench`: the product against a bare Koa baseline, both started here, measured in the same run.
// Each round measures the baseline once, then every scenario of the product; a scenario's ratio is its
// req/s over that round's baseline, and the table shows the median over the rounds. The machine is shared
// and noisy, so ratios, never absolute numbers, are what to compare between runs.
//
// BENCH_ROWS (10 000) deals in the team, seeded through SQL; BENCH_DATABASE_URL (a fresh SQLite file by
// default) for PostgreSQL; BENCH_SECONDS (5) per measurement; BENCH_ROUNDS (3); BENCH_CONNECTIONS (50);
// `--json` prints the results as JSON instead of a table. Before each measurement the server is given time
// to finish what the previous one left queued.
//
// BENCH_NODES (1) starts that many API nodes on the same database, each on a port of its own, and splits
// the connections between them, as a load balancer would; BENCH_WORKERS sets each node's WEB_CONCURRENCY
// (the product's default when unset); BENCH_REDIS_URL gives the nodes a Redis (the shared rate budget).
// BENCH_ONLY=<text>[,<text>…] measures only the scenarios whose name holds one of the texts.
import autocannon from 'autocannon';
import { ChildProcess, execSync, fork } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seed } from './seed';
import { gauge, rssMb, startServer, waitForServer } from './server';

const ROWS = Number(process.env.BENCH_ROWS ?? 10000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const NODES = Number(process.env.BENCH_NODES ?? 1);
const WORKERS = process.env.BENCH_WORKERS;
const REDIS_URL = process.env.BENCH_REDIS_URL;
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const BASELINE_PORT = PORT + NODES;
const JSON_OUTPUT = process.argv.includes('--json');

/** 1 MB of `a[]` fields: before the receiver read a body only for an admitted sender, this held a worker for minutes. */
const STRANGER_FORM = Array.from({ length: 170_000 }, (_, i) => `a[]=${i % 10}`).join('&');

interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: string;
  /** Each request's own path (from the host's root) and body, where one sent again would change nothing (an update). */
  next?: () => { path: string; body: string };
  /** Another load run at the same time on half the connections, not itself measured: the scenario runs under it. */
  beside?: Pick<Scenario, 'method' | 'path' | 'body'>;
  /** Run before the scenario's measurement and after it (turning the event subscriptions on and off). */
  around?: { before: () => Promise<void>; after: () => Promise<void> };
}

interface Measure {
  reqs: number;
  p50: number;
  p99: number;
  errors: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One GET on a connection of its own, so that the primary hands it to the next worker; its time in ms. */
const probe = (url: string, headers: Record<string, string>): Promise<number> =>
  new Promise((resolve) => {
    const started = performance.now();
    get(url, { agent: false, headers }, (res) => res.resume().on('end', () => resolve(performance.now() - started))).on('error', () =>
      resolve(Infinity),
    );
  });

/** Events not dispatched yet, and deliveries to subscriptions not made yet: work a measurement must not run beside. */
async function pendingEvents(base: string): Promise<number | undefined> {
  const [events, deliveries] = await Promise.all([gauge(base, 'deal_events_pending'), gauge(base, 'event_deliveries_pending')]);
  return events === undefined ? undefined : events + (deliveries ?? 0);
}

/**
 * Waits until every worker answers a read of one deal at once and the outbox is empty: a scenario slower
 * than its load leaves requests queued in the server (SQLite) or in the database (PostgreSQL) when
 * autocannon stops, and the deal events its creations wrote are delivered after it; the next measurement
 * (the baseline's too) would be made beside that work.
 */
async function settle(url: string, headers: Record<string, string>): Promise<void> {
  const started = Date.now();
  const origin = new URL(url).origin;
  while (Date.now() - started < 180_000) {
    const times = [];
    for (let i = 0; i < 4; i++) times.push(await probe(url, headers));
    const pending = await pendingEvents(origin);
    if (times.every((ms) => ms < 50) && (pending === undefined || pending === 0)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  log('  the server did not settle within 3 minutes');
}

/** The load on `urls` at once, the connections split between them; the latencies are the worst node's. */
async function measure(
  urls: string[],
  s: Pick<Scenario, 'method' | 'body' | 'next'>,
  headers: Record<string, string>,
  connections = CONNECTIONS,
): Promise<Measure> {
  const next = s.next;
  const rs = await Promise.all(
    urls.map((url, i) =>
      autocannon({
        url,
        method: s.method,
        headers,
        body: s.body,
        ...(next ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, ...next() }) }] } : {}),
        duration: SECONDS,
        connections: Math.floor(connections / urls.length) + (i < connections % urls.length ? 1 : 0),
      }),
    ),
  );
  return {
    reqs: rs.reduce((n, r) => n + r.requests.average, 0),
    p50: Math.max(...rs.map((r) => r.latency.p50)),
    p99: Math.max(...rs.map((r) => r.latency.p99)),
    errors: rs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'workspace-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
  const children: ChildProcess[] = [];
  try {
    execSync('npm run --silent build', { stdio: ['ignore', 'ignore', 'inherit'] });
    const seeded = await seed(databaseUrl, ROWS, log);
    const servers = Array.from({ length: NODES }, (_, node) =>
      startServer(databaseUrl, PORT + node, { REDIS_URL: REDIS_URL ?? '', ...(WORKERS ? { WEB_CONCURRENCY: WORKERS } : {}) }),
    );
    children.push(...servers);
    const baseline = fork(join(__dirname, 'baseline.ts'), [], {
      env: { ...process.env, PORT: String(BASELINE_PORT) },
      execArgv: ['--require', 'tsx/cjs'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(baseline);

    const bases = servers.map((_, node) => `http://127.0.0.1:${PORT + node}/api/v1`);
    const headers = { Authorization: `Bearer ${seeded.key}`, 'Content-Type': 'application/json' };
    const baselineUrl = `http://127.0.0.1:${BASELINE_PORT}/api/v1/list`;
    for (const b of bases) await waitForServer(`${b}/deals?limit=1`, headers);
    await waitForServer(baselineUrl);

    const middle = Math.max(1, Math.floor(ROWS / 20 / 2));
    const settleAll = async () => {
      for (const b of bases) await settle(`${b}/deals/${seeded.dealId}`, headers);
    };
    // Three subscriptions of the team to every deal event, on only while their scenario runs.
    const receiverPort = BASELINE_PORT + 1;
    const receiverProcess = fork(join(__dirname, 'receiver.ts'), [], {
      env: { ...process.env, PORT: String(receiverPort) },
      execArgv: ['--require', 'tsx/cjs'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(receiverProcess);
    await waitForServer(`http://127.0.0.1:${receiverPort}/window`);
    const receiver = {
      url: `http://127.0.0.1:${receiverPort}/events`,
      window: async () =>
        (await (await fetch(`http://127.0.0.1:${receiverPort}/window`)).json()) as { received: number; perSecond: number },
    };
    const subscriptions: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${bases[0]}/event-subscriptions`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `${receiver.url}/${i}`, events: ['deal.*'], is_active: false }),
      });
      if (res.status !== 201) throw new Error(`could not subscribe: ${res.status} ${await res.text()}`);
      subscriptions.push(((await res.json()) as { data: { id: string } }).data.id);
    }
    const subscribed = (active: boolean) => async () => {
      for (const id of subscriptions) {
        await fetch(`${bases[0]}/event-subscriptions/${id}`, { method: 'PUT', headers, body: JSON.stringify({ is_active: active }) });
      }
    };
    const deliveries: { received: number; perSecond: number }[] = [];
    const scenarios: Scenario[] = [
      { name: 'GET /deals?limit=20 (page 1, exact total)', method: 'GET', path: '/deals?limit=20' },
      {
        name: 'GET /deals?search=<word>&min_value=1000',
        method: 'GET',
        path: `/deals?search=${encodeURIComponent(seeded.searchWord)}&min_value=1000`,
      },
      { name: 'GET /deals?page=<middle>', method: 'GET', path: `/deals?page=${middle}` },
      { name: 'GET /deals?sort=title', method: 'GET', path: '/deals?sort=title' },
      { name: 'GET /deals/:id', method: 'GET', path: `/deals/${seeded.dealId}` },
      {
        name: 'POST /deals',
        method: 'POST',
        path: '/deals',
        body: JSON.stringify({ title: 'Nova proposta São Paulo', value: 2500, tags: ['bench'] }),
      },
      {
        // An update that changes a value each time (the same body again would write nothing), over 50 deals.
        name: 'PUT /deals/:id',
        method: 'PUT',
        path: `/deals/${seeded.dealId}`,
        next: (() => {
          let n = 0;
          return () => {
            n += 1;
            return { path: `/api/v1/deals/${seeded.dealIds[n % seeded.dealIds.length]}`, body: JSON.stringify({ value: 1000 + n }) };
          };
        })(),
      },
      {
        name: 'POST /deals (3 event subscriptions, a local receiver)',
        method: 'POST',
        path: '/deals',
        body: JSON.stringify({ title: 'Nova proposta São Paulo', value: 2500, tags: ['bench'] }),
        around: {
          before: subscribed(true),
          after: async () => {
            // The deliveries this load made are sent while the server settles: the throughput of the window.
            await settleAll();
            deliveries.push(await receiver.window());
            await subscribed(false)();
          },
        },
      },
      {
        // With several workers on SQLite, a write waiting for another worker's lock must not hold up its reads.
        name: 'GET /deals/:id while POST /deals runs (half the connections each)',
        method: 'GET',
        path: `/deals/${seeded.dealId}`,
        beside: { method: 'POST', path: '/deals', body: JSON.stringify({ title: 'Proposta Niterói', value: 900 }) },
      },
      {
        // A stranger's body costs the receiver its bytes, never its parsing: a read must not wait behind it.
        name: 'GET /deals/:id while strangers post 1 MB forms (half the connections each)',
        method: 'GET',
        path: `/deals/${seeded.dealId}`,
        beside: { method: 'POST', path: '/webhooks/inbound/not-an-endpoint', body: STRANGER_FORM },
      },
      { name: 'GET /clients?limit=20 (200 clients)', method: 'GET', path: '/clients?limit=20' },
      { name: 'GET /deals?project_id= (board, 2 000 deals)', method: 'GET', path: `/deals?project_id=${seeded.projectId}` },
    ];
    const only = process.env.BENCH_ONLY?.split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (only?.length) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => only.some((t) => s.name.includes(t))));
    // A short warm-up, so the first round does not pay for JIT and caches.
    for (const b of bases) {
      for (const s of scenarios.slice(0, 2))
        await autocannon({ url: `${b}${s.path}`, method: s.method, headers, connections: 10, duration: 1 });
    }
    await autocannon({ url: baselineUrl, connections: 10, duration: 1 });

    const baselineRuns: Measure[] = [];
    const runs = new Map<string, { m: Measure; ratio: number }[]>(scenarios.map((s) => [s.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      await settleAll();
      const b = await measure([baselineUrl], { method: 'GET' }, {});
      baselineRuns.push(b);
      log(`round ${round}: baseline ${Math.round(b.reqs)} req/s`);
      for (const s of scenarios) {
        await settleAll();
        await s.around?.before();
        const connections = s.beside ? Math.ceil(CONNECTIONS / 2) : CONNECTIONS;
        const beside = s.beside
          ? measure(
              bases.map((u) => `${u}${s.beside!.path}`),
              s.beside,
              headers,
              CONNECTIONS - connections,
            )
          : undefined;
        const m = await measure(
          bases.map((u) => `${u}${s.path}`),
          s,
          headers,
          connections,
        );
        await beside;
        await s.around?.after();
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
      database: databaseUrl.split(':')[0],
      rows: ROWS,
      nodes: NODES,
      workers: WORKERS ?? 'default',
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      baseline_reqs: Math.round(median(baselineRuns.map((b) => b.reqs))),
      server_rss_mb: servers.flatMap((server) => rssMb(server.pid!)),
      results,
      delivery: deliveries.length
        ? { events: median(deliveries.map((d) => d.received)), events_per_second: median(deliveries.map((d) => d.perSecond)) }
        : null,
    };
    if (JSON_OUTPUT) {
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      return;
    }
    const nodes =
      NODES > 1 || WORKERS
        ? `${NODES} node${NODES > 1 ? 's' : ''} of ${WORKERS ?? 'the default'} worker${WORKERS === '1' ? '' : 's'}, `
        : '';
    process.stdout.write(
      `\n${summary.database}, ${nodes}${ROWS} deals in the team, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s; ` +
        `baseline (bare Koa, 2 KB list) median ${summary.baseline_reqs} req/s; server RSS after the run ${summary.server_rss_mb.join(' / ')} MB\n\n`,
    );
    process.stdout.write('| scenario | ratio to baseline | req/s | p50 ms | p99 ms | errors |\n|---|---|---|---|---|---|\n');
    for (const r of results)
      process.stdout.write(`| ${r.scenario} | ${r.ratio.toFixed(3)}x | ${r.reqs} | ${r.p50} | ${r.p99} | ${r.errors} |\n`);
    if (summary.delivery) {
      process.stdout.write(
        `\nEvent delivery to the local receiver: ${summary.delivery.events_per_second} events/s (median of the rounds, ${summary.delivery.events} events a round)\n`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
