// `npm run bench:import`: a client spreadsheet as Excel in Portuguese saves it (`;`, Windows-1252), imported
// through POST /imports into the built server, first as a dry run and then for real. For each run: rows per
// second, how much the server's processes grew while it ran, and the p99 of GET /deals while it runs against
// the p99 of the same load just before it, in the same run. The machine is shared and noisy: compare the
// ratios of one run, never absolute numbers between runs.
//
// BENCH_IMPORT_ROWS (50 000) rows in the file; BENCH_ROWS (10 000) deals seeded in the team;
// BENCH_DATABASE_URL (a fresh SQLite file by default) for PostgreSQL (use an empty database);
// BENCH_CONNECTIONS (10) for the GET /deals load; BENCH_SECONDS (5) for the quiet measurement;
// `--json` prints the results as JSON instead of a table.
import autocannon from 'autocannon';
import { ChildProcess, execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'iconv-lite';
import { seed } from './seed';
import { rssMb, startServer, waitForServer } from './server';

const FILE_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50000);
const ROWS = Number(process.env.BENCH_ROWS ?? 10000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
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
function spreadsheet(rows: number): Buffer {
  const lines = ['Nome;CPF;E-mail;Telefone;Cidade;UF;CEP;Data de nascimento;Observações'];
  for (let i = 0; i < rows; i++) {
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
  quietP99: number;
  duringP99: number;
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

/** The p99 of GET `url`, on CONNECTIONS concurrent loops, until `until()` holds or for `seconds`, in ms. */
async function p99Of(url: string, headers: Record<string, string>, until: () => boolean, seconds?: number): Promise<number> {
  const latencies: number[] = [];
  const started = Date.now();
  const going = () => (seconds !== undefined ? Date.now() - started < seconds * 1000 : !until());
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (going()) {
        const t = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return latencies.length === 0 ? 0 : Math.round(latencies[Math.floor(latencies.length * 0.99)]);
}

async function measureImport(
  run: string,
  base: string,
  key: string,
  file: Buffer,
  dryRun: boolean,
  server: ChildProcess,
  quietP99: number,
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
  const load = p99Of(`${base}/deals?limit=20`, { Authorization: `Bearer ${key}` }, () => done);
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
    await autocannon({ url: `${base}/deals?limit=20`, headers, connections: CONNECTIONS, duration: 1 });

    const runs: ImportRun[] = [];
    for (const [run, dryRun] of [
      ['dry run', true],
      ['import', false],
    ] as const) {
      const quiet = await p99Of(`${base}/deals?limit=20`, headers, () => true, SECONDS);
      const r = await measureImport(run, base, seeded.key, file, dryRun, server, quiet);
      log(`${run}: ${r.rowsPerSecond} rows/s, RSS +${r.rssGrowthMb} MB, GET /deals p99 ${r.quietP99} → ${r.duringP99} ms`);
      runs.push(r);
    }
    const summary = { database: databaseUrl.split(':')[0], file_rows: FILE_ROWS, deals: ROWS, connections: CONNECTIONS, runs };
    if (JSON_OUTPUT) {
      process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
      return;
    }
    process.stdout.write(
      `\n${summary.database}, a ${FILE_ROWS}-row client spreadsheet, ${ROWS} deals in the team, GET /deals?limit=20 on ${CONNECTIONS} connections\n\n`,
    );
    process.stdout.write(
      '| run | rows | seconds | rows/s | server RSS growth MB | GET /deals p99 before ms | p99 during ms | p99 ratio |\n|---|---|---|---|---|---|---|---|\n',
    );
    for (const r of runs) {
      const ratio = r.quietP99 > 0 ? (r.duringP99 / r.quietP99).toFixed(2) : '–';
      process.stdout.write(
        `| ${r.run} | ${r.rows} | ${r.seconds} | ${r.rowsPerSecond} | ${r.rssGrowthMb} | ${r.quietP99} | ${r.duringP99} | ${ratio}x |\n`,
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
