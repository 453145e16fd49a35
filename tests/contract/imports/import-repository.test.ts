import { expect } from 'chai';
import { CreateProject } from '../../../application/projects/create-project';
import { CreateTeam } from '../../../application/teams/create-team';
import { IMPORT_TOKENS } from '../../../bootstrap/contexts/imports';
import { Import, ImportData, ImportRowData } from '../../../domain/imports/import';
import { ImportRepository } from '../../../domain/imports/import-repository';
import { TeamContext } from '../../../domain/shared/team';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

let seq = 9100;
const id = () => ClientMother.id(++seq);
const T0 = new Date('2026-12-02T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const PLAN = { resource: 'clients' as const, headers: ['Nome', 'E-mail', 'Cidade'], fields: ['name', 'email', null] };

/** An import received at `created`, queued with `rows` rows (not written: the test writes them). */
const queuedImport = (teamId: string, rows: number, over: Partial<ImportData> = {}, created = T0): ImportData => {
  const i = Import.receive(
    id(),
    teamId,
    { resource: 'clients', projectId: null, dryRun: false, onDuplicate: 'skip', fileName: 'clientes.csv' },
    created,
  );
  i.queue({ encoding: 'windows-1252', separator: ';', headerLine: 2 }, PLAN, rows, created);
  return { ...i.snapshot(), ...over };
};

const rowsOf = (data: ImportData, n: number): ImportRowData[] =>
  Array.from({ length: n }, (_, k) => ({
    teamId: data.teamId,
    importId: data.id,
    seq: k + 1,
    line: k + 3,
    cells: [`Cliente ${k + 1} — Ação`, `c${k + 1}@example.com`, 'São Paulo'],
    status: 'pending' as const,
    recordId: null,
    problems: [],
    updatedAt: T0.toISOString(),
  }));

forEachBackend('ImportRepository contract', (env) => {
  let repo: ImportRepository;
  let team: TeamContext;
  let other: TeamContext;
  before(async () => {
    const create = env().container.get(CreateTeam);
    team = { teamId: (await create.execute({ name: 'Imports' })).team.id };
    other = { teamId: (await create.execute({ name: 'Imports other' })).team.id };
  });
  beforeEach(() => {
    repo = env().container.get<ImportRepository>(IMPORT_TOKENS.ImportRepository);
  });

  it('round-trips every field identically, a lead import with its project and an error alike', async () => {
    const project = await env()
      .container.get(CreateProject)
      .execute(team, { name: `Projeto ${seq}` });
    const a = queuedImport(team.teamId, 2);
    const b = queuedImport(team.teamId, 5, {
      resource: 'leads',
      projectId: project.id,
      dryRun: true,
      onDuplicate: 'update',
      plan: { resource: 'leads', headers: ['Nome completo', 'Telefone'], fields: ['full_name', 'phone'] },
      status: 'failed',
      error: { code: 'IMPORT_FAILED', message: 'Parou — três tentativas' },
      totals: { rows: 5, created: 1, updated: 1, unchanged: 1, skipped: 1, failed: 1 },
      attempts: 3,
      startedAt: at(1).toISOString(),
      finishedAt: at(2).toISOString(),
    });
    await repo.insert(a);
    await repo.insert(b);
    expect(await repo.findById(team, a.id)).to.deep.equal(a);
    expect(await repo.findById(team, b.id)).to.deep.equal(b);
  });

  it("never shows an import still receiving, nor another team's", async () => {
    const receiving = Import.receive(
      id(),
      team.teamId,
      { resource: 'clients', projectId: null, dryRun: false, onDuplicate: 'skip', fileName: 'a.csv' },
      T0,
    ).snapshot();
    await repo.insert(receiving);
    const shown = queuedImport(team.teamId, 1);
    await repo.insert(shown);
    expect(await repo.findById(team, receiving.id)).to.equal(null);
    expect(await repo.findById(other, shown.id)).to.equal(null);
    const page = await repo.list(team, { page: 1, limit: 100 });
    expect(page.items.map((i) => i.id))
      .to.include(shown.id)
      .and.not.include(receiving.id);
    expect(await repo.claim(team, receiving.id, 'node-a', at(1), at(60_000))).to.equal(null);
  });

  it("lists a team's imports newest first, paginated", async () => {
    const mine: TeamContext = { teamId: (await env().container.get(CreateTeam).execute({ name: 'Lister' })).team.id };
    const made = [queuedImport(mine.teamId, 1), queuedImport(mine.teamId, 1), queuedImport(mine.teamId, 1)];
    for (const m of made) await repo.insert(m);
    const first = await repo.list(mine, { page: 1, limit: 2 });
    expect(first.total).to.equal(3);
    expect(first.items.map((i) => i.id)).to.deep.equal([made[2].id, made[1].id]);
    expect((await repo.list(mine, { page: 2, limit: 2 })).items.map((i) => i.id)).to.deep.equal([made[0].id]);
    expect((await repo.list(mine, { page: 1, limit: 5, updatedSince: at(1).toISOString() })).total).to.equal(0);
    expect((await repo.list(mine, { page: 1, limit: 2, ascending: true })).items.map((i) => i.id)).to.deep.equal([made[0].id, made[1].id]);
  });

  it('keeps staged rows in order, hands out the pending ones, records outcomes and lists them by status', async () => {
    const imp = queuedImport(team.teamId, 5);
    await repo.insert(imp);
    await repo.addRows(rowsOf(imp, 5));
    const pending = await repo.pendingRows(team, imp.id, 3);
    expect(pending.map((r) => r.seq)).to.deep.equal([1, 2, 3]);
    expect(pending[0]).to.deep.equal(rowsOf(imp, 5)[0]);
    const problems = [{ level: 'error' as const, field: 'email', column: 'E-mail', message: 'not an e-mail', code: 'VALIDATION_ERROR' }];
    await repo.saveOutcomes(
      team,
      imp.id,
      [
        { seq: 1, status: 'created', recordId: id(), problems: [] },
        { seq: 2, status: 'failed', recordId: null, problems },
        { seq: 3, status: 'skipped', recordId: id(), problems: [] },
      ],
      at(5000).toISOString(),
    );
    expect((await repo.pendingRows(team, imp.id, 100)).map((r) => r.seq)).to.deep.equal([4, 5]);
    const failed = await repo.listRows(team, imp.id, { status: 'failed', page: 1, limit: 20 });
    expect(failed.total).to.equal(1);
    expect(failed.items[0]).to.deep.include({
      seq: 2,
      line: 4,
      status: 'failed',
      recordId: null,
      problems,
      updatedAt: at(5000).toISOString(),
    });
    expect((await repo.listRows(team, imp.id, { updatedSince: at(5000).toISOString(), page: 1, limit: 20 })).total).to.equal(3);
    const all = await repo.listRows(team, imp.id, { page: 2, limit: 2 });
    expect(all.total).to.equal(5);
    expect(all.items.map((r) => r.seq)).to.deep.equal([3, 4]);
    expect((await repo.listRows(team, imp.id, { page: 1, limit: 2, descending: true })).items.map((r) => r.seq)).to.deep.equal([5, 4]);
    expect((await repo.listRows(other, imp.id, { page: 1, limit: 20 })).total).to.equal(0);

    await repo.resetRows(team, imp.id, at(6000).toISOString());
    expect((await repo.pendingRows(team, imp.id, 100)).map((r) => r.seq)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(
      (await repo.listRows(team, imp.id, { page: 1, limit: 20 })).items.every((r) => r.recordId === null && r.problems.length === 0),
    ).to.equal(true);
  });

  it('removes an import with its rows', async () => {
    const imp = queuedImport(team.teamId, 2);
    await repo.insert(imp);
    await repo.addRows(rowsOf(imp, 2));
    await repo.remove(team, imp.id);
    expect(await repo.findById(team, imp.id)).to.equal(null);
    expect((await repo.listRows(team, imp.id, { page: 1, limit: 20 })).total).to.equal(0);
  });

  it('gives a claim to one node only, and lets another take it over once the lease ran out', async () => {
    const imp = queuedImport(team.teamId, 1);
    await repo.insert(imp);
    const a = await repo.claim(team, imp.id, 'node-a', at(1000), at(61_000));
    expect(a).to.deep.include({
      status: 'running',
      attempts: 1,
      leaseOwner: 'node-a',
      leaseUntil: at(61_000).toISOString(),
      startedAt: at(1000).toISOString(),
    });
    expect(await repo.claim(team, imp.id, 'node-b', at(2000), at(62_000))).to.equal(null);
    expect(await repo.claim(other, imp.id, 'node-b', at(70_000), at(130_000))).to.equal(null);
    const b = await repo.claim(team, imp.id, 'node-b', at(61_000), at(121_000));
    expect(b).to.deep.include({ status: 'running', attempts: 2, leaseOwner: 'node-b', startedAt: at(1000).toISOString() });
  });

  it('lets only the node holding the lease write the import', async () => {
    const imp = queuedImport(team.teamId, 1);
    await repo.insert(imp);
    const held = (await repo.claim(team, imp.id, 'node-a', at(0), at(1000)))!;
    await repo.claim(team, imp.id, 'node-b', at(1000), at(2000));
    const late = Import.restore(held);
    late.count([{ status: 'created' }], at(1500));
    expect(await repo.saveHeld(late.snapshot(), 'node-a')).to.equal(false);
    expect((await repo.findById(team, imp.id))!.totals.created).to.equal(0);
    const current = Import.restore((await repo.findById(team, imp.id))!);
    current.count([{ status: 'created' }], at(1500));
    current.succeed(at(1600));
    expect(await repo.saveHeld(current.snapshot(), 'node-b')).to.equal(true);
    expect(await repo.findById(team, imp.id)).to.deep.include({ status: 'succeeded', leaseOwner: null });
  });

  it('claims the oldest claimable import of any team, each once however many claim at once', async () => {
    const ago = new Date('2020-01-01T00:00:00.000Z');
    const first = queuedImport(other.teamId, 1, {}, ago);
    const second = queuedImport(team.teamId, 1, {}, new Date(ago.getTime() + 1000));
    await repo.insert(first);
    await repo.insert(second);
    const now = at(0);
    const claims = await Promise.all(['n1', 'n2', 'n3', 'n4'].map((n) => repo.claimNext(n, now, at(60_000))));
    const claimedIds = claims.filter((c) => c !== null).map((c) => c.id);
    expect(claimedIds).to.include(first.id).and.include(second.id);
    expect(new Set(claimedIds).size).to.equal(claimedIds.length);
    // Whatever else waits (other suites' imports), these two are held now and not claimed again.
    let next;
    while ((next = await repo.claimNext('n5', now, at(60_000))) !== null) expect([first.id, second.id]).not.to.include(next.id);
    // Expired: taken over, oldest first.
    expect((await repo.claimNext('n6', at(60_000), at(120_000)))?.id).to.equal(first.id);
  });
});
