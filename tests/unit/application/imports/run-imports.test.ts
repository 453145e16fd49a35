import { expect } from 'chai';
import { RunImports } from '../../../../application/imports/run-imports';
import { MemoryImportRepository } from '../../../../adapters/persistence/memory/imports/memory-import-repository';
import { MemoryStore, MemoryUnitOfWork } from '../../../../adapters/persistence/memory/shared/memory-store';
import { Import, ImportData, ImportRowData } from '../../../../domain/imports/import';
import { TeamContext } from '../../../../domain/shared/team';
import { silentLogger } from '../deals/fakes';
import { fakeRules, fakeWriters } from './fakes';

const T0 = new Date('2026-12-02T12:00:00.000Z');
const LEASE_MS = 60_000;
const team: TeamContext = { teamId: '00000000-0000-7000-8000-00000000aaaa' };
let n = 0;
const uuid = () => `00000000-0000-7000-8000-${String(++n).padStart(12, '0')}`;

function world() {
  const store = new MemoryStore();
  const uow = new MemoryUnitOfWork(store);
  const imports = new MemoryImportRepository(store);
  const writers = fakeWriters(store);
  const clock = {
    at: T0,
    now() {
      return this.at;
    },
  };
  const runner = () =>
    new RunImports(uow, imports, writers, fakeRules, { next: uuid }, clock, () => silentLogger, {
      leaseMs: LEASE_MS,
      intervalMs: 1000,
      batchRows: 100,
    });
  /** An import queued with these first cells (one row each), as ReceiveImport leaves it. */
  const queue = async (
    names: string[],
    over: { dryRun?: boolean; resource?: 'clients' | 'leads'; onDuplicate?: 'skip' | 'update' } = {},
  ) => {
    const resource = over.resource ?? 'clients';
    const entity = Import.receive(
      uuid(),
      team.teamId,
      {
        resource,
        projectId: resource === 'leads' ? uuid() : null,
        dryRun: over.dryRun ?? false,
        onDuplicate: over.onDuplicate ?? 'skip',
        fileName: 'f.csv',
      },
      clock.now(),
    );
    entity.queue(
      { encoding: 'utf-8', separator: ',', headerLine: 1 },
      fakeRules.planColumns(resource, ['Nome', 'E-mail'], undefined),
      names.length,
      clock.now(),
    );
    const data = entity.snapshot();
    await imports.insert(data);
    await imports.addRows(
      names.map((name, i): ImportRowData => ({
        teamId: team.teamId,
        importId: data.id,
        seq: i + 1,
        line: i + 2,
        cells: [name, `x${i}@example.com`],
        status: 'pending',
        recordId: null,
        problems: [],
        updatedAt: T0.toISOString(),
      })),
    );
    return data;
  };
  const read = async (data: ImportData) => (await imports.findById(team, data.id))!;
  const rows = async (data: ImportData, status?: ImportRowData['status']) =>
    (await imports.listRows(team, data.id, { status, page: 1, limit: 100 })).items;
  return { store, imports, writers, clock, runner, queue, read, rows };
}

const names = (count: number, prefix = 'Cliente') => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`);

describe('RunImports', () => {
  it('writes the pending rows 100 at a time in their order, counts each batch and wakes the dispatcher after each', async () => {
    const w = world();
    const data = await w.queue(names(250));
    expect(await w.runner().runPending()).to.equal(1);
    const calls = w.writers.clientWriter.calls;
    expect(calls.map((c) => c.command.items.length)).to.deep.equal([100, 100, 50]);
    expect(calls[1].command.items[0]).to.deep.equal({ command: { type: 'PF', name: 'Cliente 101' } });
    expect(calls.every((c) => !c.rehearsal && c.team.teamId === team.teamId && c.command.onDuplicate === 'skip')).to.equal(true);
    expect(w.writers.clientWriter.wakes).to.equal(3);
    const done = await w.read(data);
    expect(done).to.deep.include({ status: 'succeeded', attempts: 1, leaseOwner: null, finishedAt: T0.toISOString() });
    expect(done.totals).to.deep.equal({ rows: 250, created: 250, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
    expect(w.writers.clientWriter.records()).to.have.length(250);
    const [first] = await w.rows(data);
    expect(first).to.deep.include({
      seq: 1,
      status: 'created',
      recordId: w.writers.clientWriter.records().find((r) => r.key === 'Cliente 1')!.id,
    });
  });

  it("gives a row its problems: a row that cannot be read fails with them, and the writer's refusal is added", async () => {
    const w = world();
    const data = await w.queue(['Ana', '', 'refused', 'Ana']);
    await w.runner().runPending();
    const items = w.writers.clientWriter.calls[0].command.items;
    expect(items[1]).to.deep.equal({ error: { code: 'VALIDATION_ERROR', message: 'Nome is empty', details: { field: 'name' } } });
    const rows = await w.rows(data);
    expect(rows.map((r) => r.status)).to.deep.equal(['created', 'failed', 'failed', 'skipped']);
    expect(rows[1].problems).to.deep.equal([{ level: 'error', field: 'name', column: 'Nome', message: 'Nome is empty' }]);
    expect(rows[2].problems).to.deep.equal([{ level: 'error', field: 'cpf', message: 'CPF taken', code: 'DUPLICATE_ENTRY' }]);
    expect(rows[3].recordId).to.equal(rows[0].recordId);
    expect((await w.read(data)).totals).to.deep.include({ created: 1, failed: 2, skipped: 1 });
  });

  it('hands a lead import its project and the duplicates rule', async () => {
    const w = world();
    const data = await w.queue(['Ana'], { resource: 'leads', onDuplicate: 'update' });
    await w.runner().runPending();
    expect(w.writers.leadWriter.calls[0].command).to.deep.include({ projectId: data.projectId, onDuplicate: 'update' });
    expect((await w.read(data)).status).to.equal('succeeded');
  });

  it('never counts a batch that failed: its records and outcomes are undone, the batches before it stay', async () => {
    const w = world();
    const data = await w.queue(names(250));
    w.writers.clientWriter.failAt = 'Cliente 150';
    w.writers.clientWriter.failures = 1;
    await w.runner().runPending();
    const done = await w.read(data);
    expect(done).to.deep.include({ status: 'succeeded', attempts: 2 });
    expect(done.totals.created).to.equal(250);
    expect(w.writers.clientWriter.records()).to.have.length(250);
  });

  it('fails the import after three failed attempts, with the totals of the batches that committed', async () => {
    const w = world();
    const data = await w.queue(names(250));
    w.writers.clientWriter.failAt = 'Cliente 150';
    await w.runner().runPending();
    const failed = await w.read(data);
    expect(failed).to.deep.include({ status: 'failed', attempts: 3, leaseOwner: null });
    expect(failed.error?.code).to.equal('IMPORT_FAILED');
    expect(failed.totals).to.deep.include({ rows: 250, created: 100 });
    expect(w.writers.clientWriter.records()).to.have.length(100);
    expect((await w.imports.listRows(team, data.id, { status: 'pending', page: 1, limit: 1 })).total).to.equal(150);
    expect((await w.imports.listRows(team, data.id, { status: 'created', page: 1, limit: 1 })).total).to.equal(100);
  });

  it('leaves an import to the node holding its lease, and takes it over once the lease ran out', async () => {
    const w = world();
    const data = await w.queue(names(3));
    await w.imports.claim(team, data.id, 'a-node-that-stopped', T0, new Date(T0.getTime() + LEASE_MS));
    const runner = w.runner();
    w.clock.at = new Date(T0.getTime() + LEASE_MS - 1);
    expect(await runner.runPending()).to.equal(0);
    expect(w.writers.clientWriter.calls).to.have.length(0);
    w.clock.at = new Date(T0.getTime() + LEASE_MS);
    expect(await runner.runPending()).to.equal(1);
    expect(await w.read(data)).to.deep.include({ status: 'succeeded', attempts: 2 });
  });

  it('rehearses a dry run with one memory for the whole run and writes nothing', async () => {
    const w = world();
    const data = await w.queue([...names(150), 'Cliente 1'], { dryRun: true });
    await w.runner().runPending();
    expect(w.writers.clientWriter.calls.map((c) => c.rehearsal)).to.deep.equal([true, true]);
    expect(w.writers.clientWriter.memories).to.have.length(1);
    expect(w.writers.clientWriter.records()).to.have.length(0);
    expect(w.writers.clientWriter.wakes).to.equal(0);
    expect((await w.read(data)).totals).to.deep.include({ rows: 151, created: 150, skipped: 1 });
  });

  it('starts a dry run over when it is taken over: its rows pending again, its totals from zero, a new memory', async () => {
    const w = world();
    const data = await w.queue(names(150), { dryRun: true });
    // A node rehearsed the first batch, then stopped: what it remembered is gone.
    const held = (await w.imports.claim(team, data.id, 'a-node-that-stopped', T0, new Date(T0.getTime() + LEASE_MS)))!;
    const first = await w.imports.pendingRows(team, data.id, 100);
    await w.imports.saveOutcomes(
      team,
      data.id,
      first.map((r) => ({ seq: r.seq, status: 'created' as const, recordId: null, problems: [] })),
      T0.toISOString(),
    );
    const entity = Import.restore(held);
    entity.count(
      first.map(() => ({ status: 'created' as const })),
      T0,
    );
    await w.imports.saveHeld(entity.snapshot(), 'a-node-that-stopped');

    w.clock.at = new Date(T0.getTime() + LEASE_MS);
    await w.runner().runPending();
    const calls = w.writers.clientWriter.calls;
    expect(calls.map((c) => c.command.items.length)).to.deep.equal([100, 50]);
    expect(calls[0].command.items[0]).to.deep.equal({ command: { type: 'PF', name: 'Cliente 1' } });
    const done = await w.read(data);
    expect(done).to.deep.include({ status: 'succeeded', attempts: 2 });
    expect(done.totals).to.deep.equal({ rows: 150, created: 150, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
  });

  it('runs one import to its end for the operator, telling the progress after each batch', async () => {
    const w = world();
    const data = await w.queue(names(120));
    const seen: number[] = [];
    const done = await w.runner().runToEnd(team, data.id, (d) => seen.push(d.totals.created));
    expect(done.status).to.equal('succeeded');
    expect(seen).to.deep.equal([100, 120, 120]);
    expect(await w.runner().runToEnd(team, data.id)).to.deep.include({ status: 'succeeded' });
  });

  it('answers 404 for an import of another team, and 409 while another node holds it', async () => {
    const w = world();
    const data = await w.queue(names(1));
    await w
      .runner()
      .runToEnd({ teamId: uuid() }, data.id)
      .then(
        () => expect.fail('ran'),
        (err: Error) => expect(err.name).to.equal('NotFound'),
      );
    await w.imports.claim(team, data.id, 'another-node', T0, new Date(T0.getTime() + LEASE_MS));
    await w
      .runner()
      .runToEnd(team, data.id)
      .then(
        () => expect.fail('ran'),
        (err: Error) => expect(err.name).to.equal('Conflict'),
      );
  });

  it('undoes a batch whose lease another node took meanwhile, and leaves the import to it', async () => {
    const w = world();
    const data = await w.queue(names(3));
    // This node stalled past its lease: when its batch comes to count, the import is another node's.
    w.imports.saveHeld = () => Promise.resolve(false);
    await w.runner().runPending();
    expect(w.writers.clientWriter.calls).to.have.length(1);
    expect(w.writers.clientWriter.records()).to.have.length(0);
    expect(w.writers.clientWriter.wakes).to.equal(0);
    expect((await w.rows(data, 'pending')).length).to.equal(3);
    expect((await w.read(data)).totals.created).to.equal(0);
  });
});
