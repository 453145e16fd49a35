import { expect } from 'chai';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { TOKENS } from '../../../bootstrap/tokens';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { IdempotencyKeyRepository } from '../../../domain/deals/idempotency-key-repository';
import { newIdempotencyRecord } from '../../../domain/deals/idempotency';
import { WorkflowRepository, WorkflowRunRepository } from '../../../domain/deals/workflow-repository';
import { Workflow, workflowRun } from '../../../domain/deals/workflow';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { checkNewestFirst } from '../../support/keyset';
import { DealRecordMother, EventMother, nextId, uuid } from './deal-mother';

let teamSeq = 300;
const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

forEachBackend('Deal idempotency keys, events of a new deal and workflow runs contract', (env, backend) => {
  let team: { teamId: string };
  const get = <T extends object>(token: symbol): T => {
    const repo = env().container.get<T>(token);
    const referenced = referencedRows(env());
    if (token === DEAL_TOKENS.WorkflowRunRepository) return referenced.workflowRuns(repo);
    return token === DEAL_TOKENS.DealRepository ? referenced.deals(repo) : repo;
  };
  beforeEach(() => {
    team = { teamId: uuid(++teamSeq) };
  });

  describe('IdempotencyKeyRepository', () => {
    it('lets one claim take a key and refuses the next, per team', async () => {
      const keys = get<IdempotencyKeyRepository>(DEAL_TOKENS.IdempotencyKeyRepository);
      const rec = newIdempotencyRecord(team.teamId, 'k', 'fp', uuid(1), T0);
      expect(await keys.claim(rec, T0)).to.equal(true);
      expect(await keys.claim({ ...rec, fingerprint: 'other' }, T0)).to.equal(false);
      expect(await keys.find(team, 'k')).to.deep.equal(rec);
      expect(await keys.claim({ ...rec, teamId: uuid(999998) }, T0)).to.equal(true);
      expect(await keys.find({ teamId: uuid(999997) }, 'k')).to.equal(null);
    });

    it('stores a key of 512 characters', async () => {
      const keys = get<IdempotencyKeyRepository>(DEAL_TOKENS.IdempotencyKeyRepository);
      const long = 'é'.repeat(512);
      expect(await keys.claim(newIdempotencyRecord(team.teamId, long, 'fp', uuid(1), T0), T0)).to.equal(true);
      expect((await keys.find(team, long))?.key).to.equal(long);
    });

    it('replaces an expired key and purges expired ones', async () => {
      const keys = get<IdempotencyKeyRepository>(DEAL_TOKENS.IdempotencyKeyRepository);
      const day = 24 * 3600 * 1000;
      await keys.claim(newIdempotencyRecord(team.teamId, 'old', 'fp1', uuid(1), T0), T0);
      await keys.claim(newIdempotencyRecord(team.teamId, 'gone', 'fp1', uuid(1), T0), T0);
      const renewed = newIdempotencyRecord(team.teamId, 'old', 'fp2', uuid(2), at(day));
      expect(await keys.claim(renewed, at(day))).to.equal(true);
      expect(await keys.find(team, 'old')).to.deep.equal(renewed);
      expect(await keys.purgeExpired(at(day))).to.be.greaterThanOrEqual(1);
      expect(await keys.find(team, 'gone')).to.equal(null);
      expect(await keys.find(team, 'old')).to.deep.equal(renewed);
    });

    it('gives a key to exactly one of several concurrent transactions', async () => {
      const keys = get<IdempotencyKeyRepository>(DEAL_TOKENS.IdempotencyKeyRepository);
      const uow = get<UnitOfWork>(TOKENS.UnitOfWork);
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          uow.run(async () => {
            const won = await keys.claim(newIdempotencyRecord(team.teamId, 'race', 'fp', uuid(100 + i), T0), T0);
            await new Promise((r) => setTimeout(r, 10)); // hold the transaction open a moment
            return won;
          }),
        ),
      );
      expect(outcomes.filter(Boolean)).to.have.length(1);
    });

    it('frees a key whose transaction rolled back', async () => {
      const keys = get<IdempotencyKeyRepository>(DEAL_TOKENS.IdempotencyKeyRepository);
      const uow = get<UnitOfWork>(TOKENS.UnitOfWork);
      await uow
        .run(async () => {
          await keys.claim(newIdempotencyRecord(team.teamId, 'rb', 'fp', uuid(1), T0), T0);
          throw new Error('rollback');
        })
        .catch(() => undefined);
      expect(await keys.find(team, 'rb')).to.equal(null);
    });
  });

  describe('DealRepository.insert with the events of the creation', () => {
    it('writes the deal and its events together, alone or inside a unit of work', async () => {
      const deals = get<DealRepository>(DEAL_TOKENS.DealRepository);
      const outbox = get<EventOutbox>(EVENT_TOKENS.EventOutbox);
      const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
      const alone = DealRecordMother.global({ teamId: team.teamId, title: 'Implantação São José' });
      const aloneEvent = EventMother.pending(team.teamId, alone.id);
      await deals.insert(alone, [aloneEvent]);
      const inUnit = DealRecordMother.global({ teamId: team.teamId, title: 'Consultoria Conceição' });
      const inUnitEvent = EventMother.pending(team.teamId, inUnit.id);
      await uow.run(() => deals.insert(inUnit, [inUnitEvent]));
      expect((await deals.findById(team, alone.id))?.deal.title).to.equal('Implantação São José');
      expect(await outbox.listBySubject(team, alone.id)).to.deep.equal([aloneEvent]);
      expect(await outbox.listBySubject(team, inUnit.id)).to.deep.equal([inUnitEvent]);
    });

    // An event whose id is taken is refused by the outbox's key, which the memory store does not keep.
    (backend === 'memory' ? it.skip : it)('writes neither the deal nor its events when one of them is refused', async () => {
      const deals = get<DealRepository>(DEAL_TOKENS.DealRepository);
      const outbox = get<EventOutbox>(EVENT_TOKENS.EventOutbox);
      const taken = EventMother.pending(team.teamId, uuid(41));
      await outbox.add(taken);
      const deal = DealRecordMother.global({ teamId: team.teamId });
      const refused = await deals.insert(deal, [{ ...EventMother.pending(team.teamId, deal.id), id: taken.id }]).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).to.be.instanceOf(Error);
      expect(await deals.findById(team, deal.id)).to.equal(null);
    });

    it('leaves no event, and no deal, when the deal transaction rolls back', async () => {
      const outbox = get<EventOutbox>(EVENT_TOKENS.EventOutbox);
      const deals = get<DealRepository>(DEAL_TOKENS.DealRepository);
      const uow = get<UnitOfWork>(TOKENS.UnitOfWork);
      const d = DealRecordMother.global({ teamId: team.teamId });
      const e = EventMother.pending(team.teamId, d.id);
      await uow
        .run(async () => {
          await deals.insert(d);
          await outbox.add(e);
          throw new Error('rollback');
        })
        .catch(() => undefined);
      expect(await outbox.findById(team, e.id)).to.equal(null);
      expect(await deals.findById(team, d.id)).to.equal(null);
    });
  });

  describe('WorkflowRepository and WorkflowRunRepository', () => {
    it('round-trips a workflow and lists the active ones of an event', async () => {
      const workflows = get<WorkflowRepository>(DEAL_TOKENS.WorkflowRepository);
      const a = Workflow.create(
        nextId(),
        team.teamId,
        { event: 'deal_created', action: 'create_task', config: { title: 'A', priority: 'high' } },
        T0,
      ).snapshot();
      const b = Workflow.create(
        nextId(),
        team.teamId,
        { event: 'deal_stage_changed', action: 'create_activity', config: { title: 'B' } },
        at(1),
      ).snapshot();
      const off = {
        ...Workflow.create(
          nextId(),
          team.teamId,
          { event: 'deal_created', action: 'create_task', config: { title: 'C' } },
          at(2),
        ).snapshot(),
        isActive: false,
      };
      for (const w of [a, b, off]) await workflows.insert(w);
      expect(await workflows.findById(team, a.id)).to.deep.equal(a);
      expect(await workflows.listForEvent(team, 'deal_created')).to.deep.equal([a]);
      expect(await workflows.listForEvent({ teamId: uuid(999995) }, 'deal_created')).to.deep.equal([]);
    });

    it('records one run per event and workflow, and lists runs newest first', async () => {
      const runs = get<WorkflowRunRepository>(DEAL_TOKENS.WorkflowRunRepository);
      const w = Workflow.create(
        nextId(),
        team.teamId,
        { event: 'deal_created', action: 'create_task', config: { title: 'A' } },
        T0,
      ).snapshot();
      const ev1 = { id: nextId(), type: 'deal_created' as const, dealId: uuid(7) };
      const ev2 = { id: nextId(), type: 'deal_created' as const, dealId: uuid(8) };
      const r1 = workflowRun(nextId(), w, ev1, { error: null }, T0);
      const r2 = workflowRun(nextId(), w, ev2, { error: 'boom' }, at(1000));
      expect(await runs.record(r1)).to.equal(true);
      expect(await runs.record({ ...r1, id: nextId(), status: 'failed', error: 'again' })).to.equal(false);
      expect(await runs.record(r2)).to.equal(true);
      expect(await runs.listByEvent(team, ev1.id)).to.deep.equal([r1]);
      expect((await runs.list(team, { limit: 10, after: null })).items).to.deep.equal([r2, r1]);
      expect(await runs.list(team, { limit: 1, after: null })).to.deep.equal({ items: [r2], next: { at: r2.createdAt, id: r2.id } });
      expect(await runs.list({ teamId: uuid(999994) }, { limit: 10, after: null })).to.deep.equal({ items: [], next: null });
    });

    it('pages runs newest first, created_at then id, each once', async () => {
      const runs = get<WorkflowRunRepository>(DEAL_TOKENS.WorkflowRunRepository);
      const w = Workflow.create(
        nextId(),
        team.teamId,
        { event: 'deal_created', action: 'create_task', config: { title: 'A' } },
        T0,
      ).snapshot();
      await runs.record(
        workflowRun(
          nextId(),
          { ...w, teamId: uuid(999993) },
          { id: nextId(), type: 'deal_created', dealId: uuid(7) },
          { error: null },
          at(5000),
        ),
      );
      await checkNewestFirst(
        async (createdAt, id) => {
          const run = {
            ...workflowRun(id, w, { id: nextId(), type: 'deal_created', dealId: uuid(7) }, { error: null }, new Date(createdAt)),
            createdAt,
          };
          expect(await runs.record(run)).to.equal(true);
          return run;
        },
        (q) => runs.list(team, q),
        (r) => ({ at: r.createdAt, id: r.id }),
      );
    });
  });

  void backend;
});
