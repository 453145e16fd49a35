import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { CreateTeam } from '../../../application/teams/create-team';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { IMPORT_TOKENS } from '../../../bootstrap/contexts/imports';
import { PRIVACY_TOKENS } from '../../../bootstrap/contexts/privacy';
import { TOKENS } from '../../../bootstrap/tokens';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { IdempotencyKeyRepository } from '../../../domain/deals/idempotency-key-repository';
import { newIdempotencyRecord, requestFingerprint } from '../../../domain/deals/idempotency';
import { Workflow, workflowRun } from '../../../domain/deals/workflow';
import { WorkflowRepository, WorkflowRunRepository } from '../../../domain/deals/workflow-repository';
import { Import, ImportRowData } from '../../../domain/imports/import';
import { ImportRepository } from '../../../domain/imports/import-repository';
import { PersonalCopies } from '../../../domain/privacy/personal-copies';
import { ERASED_NAME, REMOVED_VALUE, Redaction } from '../../../domain/privacy/redaction';
import { BatchKeyRepository } from '../../../domain/shared/batch-key-repository';
import { newBatchKeyRecord } from '../../../domain/shared/batch-keys';
import { TeamContext } from '../../../domain/shared/team';
import { forEachBackend } from '../../support/backends';

// The copies of a person's values beside their records, scrubbed by an erasure: what a row, a stored answer or
// a run error held of the person goes, the rest of it and every other row (and every other team's) stays.

const T0 = new Date('2026-12-03T12:00:00.000Z');
const NAME = 'Joana Prado Lima';
const EMAIL = 'joana.prado@example.com';
const redaction = Redaction.of(randomUUID(), {
  names: [NAME],
  emails: [EMAIL],
  phones: ['+55 21 99876-5432'],
  documents: ['529.982.247-25'],
});

forEachBackend('PersonalCopies contract', (env) => {
  const get = <T>(token: symbol) => env().container.get<T>(token);
  const uow = () => get<UnitOfWork>(TOKENS.UnitOfWork);
  const copies = () => get<PersonalCopies>(PRIVACY_TOKENS.PersonalCopies);
  let team: TeamContext;
  let other: TeamContext;
  before(async () => {
    const create = env().container.get(CreateTeam);
    team = { teamId: (await create.execute({ name: 'Copies' })).team.id };
    other = { teamId: (await create.execute({ name: 'Copies other' })).team.id };
  });

  const stageImport = async (t: TeamContext, rows: string[][]): Promise<string> => {
    const i = Import.receive(
      randomUUID(),
      t.teamId,
      { resource: 'clients', projectId: null, dryRun: false, onDuplicate: 'skip', fileName: 'c.csv' },
      T0,
    );
    i.queue(
      { encoding: 'utf-8', separator: ';', headerLine: 1 },
      { resource: 'clients', headers: ['Nome', 'E-mail', 'CPF'], fields: ['name', 'email', 'cpf'] },
      rows.length,
      T0,
    );
    const data = i.snapshot();
    const staged: ImportRowData[] = rows.map((cells, k) => ({
      teamId: t.teamId,
      importId: data.id,
      seq: k + 1,
      line: k + 2,
      cells,
      status: 'failed',
      recordId: null,
      problems: [{ level: 'error', field: 'email', column: 'E-mail', message: `${cells[1]} is taken` }],
      updatedAt: T0.toISOString(),
    }));
    await uow().run(async () => {
      await get<ImportRepository>(IMPORT_TOKENS.ImportRepository).insert(data);
      await get<ImportRepository>(IMPORT_TOKENS.ImportRepository).addRows(staged);
    });
    return data.id;
  };
  const rowsOf = async (t: TeamContext, importId: string) =>
    (await get<ImportRepository>(IMPORT_TOKENS.ImportRepository).listRows(t, importId, { page: 1, limit: 10 })).items;

  it("scrubs the import rows that hold the person, as read and their problems, and no other team's", async () => {
    const mine = await stageImport(team, [
      [NAME, EMAIL, '52998224725'],
      ['Ana Lima', 'ana@example.com', '39053344705'],
    ]);
    const theirs = await stageImport(other, [[NAME, EMAIL, '52998224725']]);

    expect(await uow().run(() => copies().scrub(team, 'importRows', redaction))).to.equal(1);

    const [erased, kept] = await rowsOf(team, mine);
    expect(erased.cells).to.deep.equal([ERASED_NAME, REMOVED_VALUE, REMOVED_VALUE]);
    expect(erased.problems.map((p) => p.message)).to.deep.equal([`${REMOVED_VALUE} is taken`]);
    expect(erased).to.include({ status: 'failed', line: 2 });
    expect(kept.cells).to.deep.equal(['Ana Lima', 'ana@example.com', '39053344705']);
    expect((await rowsOf(other, theirs))[0].cells).to.deep.equal([NAME, EMAIL, '52998224725']);
    expect(await uow().run(() => copies().scrub(team, 'importRows', redaction))).to.equal(0);
  });

  it('scrubs the fingerprints and stored answers of Idempotency-Keys, deal creations and batches alike', async () => {
    const dealKeys = get<IdempotencyKeyRepository>(DEAL_TOKENS.IdempotencyKeyRepository);
    const batchKeys = get<BatchKeyRepository>(TOKENS.BatchKeyRepository);
    const fingerprint = requestFingerprint({ title: `Deal ${NAME}`, value: 10 });
    await uow().run(async () => {
      await dealKeys.claim(newIdempotencyRecord(team.teamId, 'deal-key', fingerprint, randomUUID(), T0), T0);
      await dealKeys.claim(newIdempotencyRecord(team.teamId, 'other-key', requestFingerprint({ title: 'Website' }), randomUUID(), T0), T0);
      await dealKeys.claim(newIdempotencyRecord(other.teamId, 'deal-key', fingerprint, randomUUID(), T0), T0);
      await batchKeys.claim(
        newBatchKeyRecord(team.teamId, 'clients', 'batch-key', requestFingerprint({ items: [{ email: EMAIL }] }), T0),
        T0,
      );
      await batchKeys.complete(team, 'clients', 'batch-key', {
        status: 207,
        body: { data: [{ id: 'c1', name: NAME, email: EMAIL, value: 5 }] },
      });
    });

    expect(await uow().run(() => copies().scrub(team, 'idempotencyKeys', redaction))).to.equal(2);

    expect((await dealKeys.find(team, 'deal-key'))!.fingerprint).to.equal(requestFingerprint({ title: `Deal ${ERASED_NAME}`, value: 10 }));
    expect((await dealKeys.find(team, 'other-key'))!.fingerprint).to.equal(requestFingerprint({ title: 'Website' }));
    expect((await dealKeys.find(other, 'deal-key'))!.fingerprint).to.equal(fingerprint);
    const batch = (await batchKeys.find(team, 'clients', 'batch-key'))!;
    expect(batch.fingerprint).to.equal(requestFingerprint({ items: [{ email: null }] }));
    expect(batch.answer).to.deep.equal({ status: 207, body: { data: [{ id: 'c1', name: ERASED_NAME, email: null, value: 5 }] } });
  });

  it('scrubs the errors of workflow runs', async () => {
    const workflow = Workflow.create(
      randomUUID(),
      team.teamId,
      { event: 'deal_created', action: 'create_task', config: { title: 'Call' } },
      T0,
    ).snapshot();
    const runs = get<WorkflowRunRepository>(DEAL_TOKENS.WorkflowRunRepository);
    const failed = workflowRun(
      randomUUID(),
      workflow,
      { id: randomUUID(), type: 'deal_created', dealId: randomUUID() },
      { error: `no task for ${EMAIL}` },
      T0,
    );
    const ok = workflowRun(randomUUID(), workflow, { id: randomUUID(), type: 'deal_created', dealId: randomUUID() }, { error: null }, T0);
    await uow().run(async () => {
      await get<WorkflowRepository>(DEAL_TOKENS.WorkflowRepository).insert(workflow);
      await runs.record(failed);
      await runs.record(ok);
    });

    expect(await uow().run(() => copies().scrub(team, 'workflowRuns', redaction))).to.equal(1);

    expect((await runs.listByEvent(team, failed.eventId))[0]).to.deep.include({ error: `no task for ${REMOVED_VALUE}`, status: 'failed' });
    expect((await runs.listByEvent(team, ok.eventId))[0]).to.deep.equal(ok);
  });
});
