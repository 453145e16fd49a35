// `npm run bench:import`: a client spreadsheet as Excel in Portuguese saves it (`;`, Windows-1252), imported
// through POST /imports into the built server, first as a dry run and then for real. For each run: rows per
// second, how much the server's processes grew while it ran, and the p99 of GET /deals while it runs against
// the p99 of the same load just before it, in the same run. The machine is shared and noisy: compare the
// ratios of one run, never absolute numbers between runs.
//
// BENCH_IMPORT_ROWS (50 000) rows in the file; BENCH_ROWS (10 000) deals seeded in the team;
// BENCH_DATABASE_URL (a fresh SQLite file by default) for PostgreSQL (use an empty database);
// BENCH_RATE (200) GET /deals a second beside it; BENCH_SECONDS (5) for the quiet measurement;
// `--json` prints the results as JSON instead of a table.
import autocannon from 'autocannon';
import { ChildProcess, execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'iconv-lite';
import { seed } from './seed';
import { gauge, rssMb, startServer, waitForServer } from './server';

const FILE_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50000);
const ROWS = Number(process.env.BENCH_ROWS ?? 10000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3937);
const JSON_OUTPUT = process.argv.includes('--json');

const log = (line: string) => process.stderr.write(`${line}\n`);

const FIRST = ['MARIA', 'João', 'José', 'Ana', 'Conceição', 'Antônio', 'Francisca', 'Luís', 'Gabriela', 'Sérgio'];
const LAST = ['da Silva', 'Gonçalves', 'Araújo', 'Sá', 'Conceição', 'Magalhães', 'Brandão', 'Simões', 'Guimarães', 'Assunção'];
const CITIES = [
  ['São Paulo', 'SP'],
  ['Belém', 'PA'],
  ['Florianópolis', 'SC'],
  ['Maceió', 'AL'],
  ['Niterói', 'RJ'],
];

/** The CPF of sequence number `n`: nine digits from it and the two check digits, punctuated as people type it. */
function cpf(n: number): string {
  const d = String(100000000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i] * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  const s = d.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

/** The spreadsheet: a header in Portuguese, `;`, dates as dd/mm/yyyy, Windows-1252. */
function spreadsheet(rows: number, first = 0): Buffer {
  const lines = ['Nome;CPF;E-mail;Telefone;Cidade;UF;CEP;Data de nascimento;Observações'];
  for (let i = first; i < first + rows; i++) {
    const [city, uf] = CITIES[i % CITIES.length];
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;
    const day = String((i % 28) + 1).padStart(2, '0');
    const month = String((i % 12) + 1).padStart(2, '0');
    lines.push(
      [
        name,
        cpf(i + 1),
        `cliente${i}@exemplo.com.br`,
        `(11) 9${String(80000000 + i).slice(-8, -4)}-${String(i).padStart(4, '0').slice(-4)}`,
        city,
        uf,
        '01310-100',
        `${day}/${month}/19${70 + (i % 30)}`,
        i % 10 === 0 ? '"Cliente antigo; pediu orçamento\nem março"' : '',
      ].join(';'),
    );
  }
  return encode(`${lines.join('\r\n')}\r\n`, 'windows-1252');
}

interface ImportRun {
  run: string;
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  rssGrowthMb: number;
  quietP99: number | null;
  duringP99: number | null;
  totals: Record<string, number>;
}

interface ImportView {
  id: string;
  status: string;
  totals: Record<string, number>;
}

async function importFile(base: string, key: string, file: Buffer, dryRun: boolean): Promise<string> {
  const form = new FormData();
  form.append('options', JSON.stringify({ resource: 'clients', on_duplicate: 'skip', dry_run: dryRun }));
  form.append('file', new Blob([file], { type: 'text/csv' }), 'clientes.csv');
  const res = await fetch(`${base}/imports`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: form });
  if (res.status !== 202) throw new Error(`import refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: ImportView }).data.id;
}

async function readImport(base: string, key: string, id: string): Promise<ImportView> {
  const res = await fetch(`${base}/imports/${id}`, { headers: { Authorization: `Bearer ${key}` } });
  return ((await res.json()) as { data: ImportView }).data;
}

/**
 * The p99 of GET `url` sent at a steady RATE per second (an open load: a request goes out on time whether or not
 * the ones before have been answered, so a stall shows in every request it holds up), until `until()` holds or
 * for `seconds`, in ms.
 */
async function p99Of(url: string, headers: Record<string, string>, until: () => boolean, seconds?: number): Promise<number> {
  const latencies: number[] = [];
  const started = Date.now();
  const going = () => (seconds !== undefined ? Date.now() - started < seconds * 1000 : !until());
  const inFlight = new Set<Promise<void>>();
  for (let sent = 0; going(); sent++) {
    const due = started + (sent * 1000) / RATE;
    if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    const t = performance.now();
    const request: Promise<void> = fetch(url, { headers })
      .then((res) => res.arrayBuffer())
      .then(() => {
        latencies.push(performance.now() - t);
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const q = (f: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * f))] ?? 0);
  log(`  GET /deals: ${latencies.length} requests, p50 ${q(0.5)} p90 ${q(0.9)} p99 ${q(0.99)} max ${q(1)} ms`);
  return latencies.length === 0 ? 0 : q(0.99);
}

/** Waits (up to 5 minutes) until the events of the runs before are dispatched: each run starts on a quiet server. */
async function drained(origin: string): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 300_000) {
    const pending = await gauge(origin, 'deal_events_pending');
    if (pending === undefined || pending === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  log('  the events of the runs before were not dispatched within 5 minutes');
}

async function measureImport(
  run: string,
  base: string,
  key: string,
  file: Buffer,
  dryRun: boolean,
  server: ChildProcess,
  /** The p99 of GET /deals just before; null measures the import alone, with no request beside it. */
  quietP99: number | null,
): Promise<ImportRun> {
  const before = Math.max(...rssMb(server.pid!));
  let peak = before;
  const started = performance.now();
  const id = await importFile(base, key, file, dryRun);
  let view = await readImport(base, key, id);
  let done = false;
  const sampler = setInterval(() => {
    peak = Math.max(peak, ...rssMb(server.pid!));
  }, 200);
  const load = quietP99 === null ? Promise.resolve(null) : p99Of(`${base}/deals?limit=20`, { Authorization: `Bearer ${key}` }, () => done);
  while (view.status !== 'succeeded' && view.status !== 'failed') {
    await new Promise((r) => setTimeout(r, 100));
    view = await readImport(base, key, id);
  }
  const seconds = (performance.now() - started) / 1000;
  done = true;
  const duringP99 = await load;
  clearInterval(sampler);
  if (view.status !== 'succeeded') throw new Error(`import ${id} ${view.status}`);
  return {
    run,
    rows: view.totals.rows,
    seconds: Number(seconds.toFixed(1)),
    rowsPerSecond: Math.round(view.totals.rows / seconds),
    rssGrowthMb: peak - before,
    quietP99,
    duringP99,
    totals: view.totals,
  };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'workspace-bench-import-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${join(dir, 'bench.db')}`;
  let server: ChildProcess | undefined;
  try {
    execSync('npm run --silent build', { stdio: ['ignore', 'ignore', 'inherit'] });
    const seeded = await seed(databaseUrl, ROWS, log);
    server = startServer(databaseUrl, PORT);
    const base = `http://127.0.0.1:${PORT}/api/v1`;
    const headers = { Authorization: `Bearer ${seeded.key}` };
    await waitForServer(`${base}/deals?limit=1`, headers);
    const file = spreadsheet(FILE_ROWS);
    log(`spreadsheet: ${FILE_ROWS} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB`);
    await autocannon({ url: `${base}/deals?limit=20`, headers, connections: 10, duration: 1 });

    const runs: ImportRun[] = [];
    // The dry run and the import beside a steady load of GET /deals; then another spreadsheet of as many other
    // people imported alone, for the rows per second the import reaches when it has the process to itself.
    for (const [run, dryRun, alone, sheet] of [
      ['dry run, GET /deals beside it', true, false, file],
      ['import, GET /deals beside it', false, false, file],
      ['import of other people, alone', false, true, spreadsheet(FILE_ROWS, FILE_ROWS)],
    ] as const) {
      await drained(`http://127.0.0.1:${PORT}`);
      const quiet = alone ? null : await p99Of(`${base}/deals?limit=20`, headers, () => true, SECONDS);
      const r = await measureImport(run, base, seeded.key, sheet, dryRun, server, quiet);
      log(`${run}: ${r.rowsPerSecond} rows/s, RSS +${r.rssGrowthMb} MB, GET /deals p99 ${r.quietP99 ?? '–'} → ${r.duringP99 ?? '–'} ms`);
      runs.push(r);
    }
    const summary = { database: databaseUrl.split(':')[0], file_rows: FILE_ROWS, deals: ROWS, rate: RATE, runs };
    if (JSON_OUTPUT) {
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      return;
    }
    process.stdout.write(
      `\n${summary.database}, a ${FILE_ROWS}-row client spreadsheet, ${ROWS} deals in the team, GET /deals?limit=20 at ${RATE} requests a second\n\n`,
    );
    process.stdout.write(
      '| run | rows | seconds | rows/s | server RSS growth MB | GET /deals p99 before ms | p99 during ms | p99 ratio |\n|---|---|---|---|---|---|---|---|\n',
    );
    for (const r of runs) {
      const ratio = r.quietP99 && r.duringP99 !== null ? `${(r.duringP99 / r.quietP99).toFixed(2)}x` : '–';
      process.stdout.write(
        `| ${r.run} | ${r.rows} | ${r.seconds} | ${r.rowsPerSecond} | ${r.rssGrowthMb} | ${r.quietP99 ?? '–'} | ${r.duringP99 ?? '–'} | ${ratio} |\n`,
      );
    }
  } finally {
    server?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
