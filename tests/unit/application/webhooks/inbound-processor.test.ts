import { expect } from 'chai';
import { HttpEventObjects } from '../../../../adapters/http/events/http-event-objects';
import { EventLog } from '../../../../application/events/event-log';
import { InboundAction, InboundActions } from '../../../../application/webhooks/inbound-action';
import { DeliveryTaken, InboundProcessor } from '../../../../application/webhooks/inbound-processor';
import { UnitOfWork } from '../../../../application/shared/unit-of-work';
import { EventData } from '../../../../domain/events/event';
import { EventOutbox } from '../../../../domain/events/event-outbox';
import { Unprocessable } from '../../../../domain/shared/errors';
import { InboundDelivery, InboundDeliveryData } from '../../../../domain/webhooks/inbound-delivery';
import { InboundDeliveryRepository } from '../../../../domain/webhooks/inbound-delivery-repository';
import { WebhookEndpoint } from '../../../../domain/webhooks/webhook-endpoint';

const TEAM = { teamId: '0190a000-0000-7000-8000-000000000002' };
const PROJECT = '0190a000-0000-7000-8000-000000000003';
const now = new Date('2026-03-01T12:00:00.000Z');

/** A unit of work that tells whether a write happened inside it, and whether it committed. */
class RecordingUow implements UnitOfWork {
  depth = 0;
  log: string[] = [];
  async run<T>(work: () => Promise<T>): Promise<T> {
    this.depth++;
    try {
      const out = await work();
      this.log.push('commit');
      return out;
    } catch (e) {
      this.log.push('rollback');
      throw e;
    } finally {
      this.depth--;
    }
  }
}

class Deliveries implements InboundDeliveryRepository {
  saved: { data: InboundDeliveryData; inTransaction: boolean }[] = [];
  taken = false;
  constructor(private readonly uow: RecordingUow) {}
  async findById() {
    return null;
  }
  async findByIdempotencyKey() {
    return null;
  }
  async findTeamOf() {
    return null;
  }
  async listByWebhook() {
    return { items: [], next: null };
  }
  async listHoldingPerson() {
    return [];
  }
  async insert() {}
  async claim() {
    this.uow.log.push('claim');
    return !this.taken;
  }
  async saveOutcome(d: InboundDeliveryData) {
    this.saved.push({ data: d, inTransaction: this.uow.depth > 0 });
    this.uow.log.push(`save ${d.status}`);
    return true;
  }
}

/** The outbox as the event log uses it: what was added, and whether inside a unit of work. */
class Events {
  added: { event: EventData; inTransaction: boolean }[] = [];
  constructor(private readonly uow: RecordingUow) {}
  async add(event: EventData) {
    this.added.push({ event, inTransaction: this.uow.depth > 0 });
    this.uow.log.push(`event ${event.type}`);
  }
  async addAll(events: readonly EventData[]) {
    for (const event of events) await this.add(event);
  }
}

let eventIds = 0;
const eventLog = (events: Events) =>
  new EventLog(
    events as unknown as EventOutbox,
    { next: () => `0190a000-0000-7000-8000-${String(++eventIds).padStart(12, '0')}` },
    new HttpEventObjects(),
  );

class Trigger {
  kicks = 0;
  kick() {
    this.kicks++;
  }
}

const endpoint = WebhookEndpoint.create(
  '0190a000-0000-7000-8000-000000000001',
  TEAM.teamId,
  {
    name: 'Form',
    slug: 'form',
    endpointId: 'wh_x',
    actionType: 'create_deal',
    actionConfig: { projectId: PROJECT, pipelineId: null, columnSlug: null },
    credential: { authMode: 'none' },
    fieldMapping: { full_name: 'who' },
  },
  now,
).snapshot();

const setUp = (action: InboundAction) => {
  const uow = new RecordingUow();
  const deliveries = new Deliveries(uow);
  const actions: InboundActions = { create_deal: action, create_lead: action };
  const errors: unknown[] = [];
  const logger = {
    debug() {},
    info() {},
    warn() {},
    error: (f: Record<string, unknown>) => {
      errors.push(f.err);
    },
  };
  const events = new Events(uow);
  const trigger = new Trigger();
  const processor = new InboundProcessor(uow, deliveries, actions, eventLog(events), { now: () => now }, logger, trigger);
  const stored = InboundDelivery.receive(
    '0190a000-0000-7000-8000-00000000000d',
    TEAM.teamId,
    endpoint.id,
    'create_deal',
    { who: 'Ana' },
    now,
  ).snapshot();
  return { uow, deliveries, processor, stored, errors, events, trigger };
};

describe('InboundProcessor', () => {
  it("runs the action on the mapped fields and records success inside the action's transaction", async () => {
    let seen: unknown;
    const { uow, deliveries, processor, stored } = setUp({
      run: async (_t, _e, fields) => {
        seen = fields.fullName;
        return { entityId: 'deal-1', entityType: 'deal' };
      },
    });
    const { result, delivery } = await processor.process(TEAM, endpoint, stored);
    expect(seen).to.equal('Ana');
    expect(result).to.deep.equal({
      kind: 'processed',
      success: true,
      action: 'create_deal',
      entityId: 'deal-1',
      entityType: 'deal',
      entityIds: ['deal-1'],
      warnings: [],
    });
    expect(delivery).to.include({ status: 'succeeded', entityId: 'deal-1', attempts: 1 });
    expect(deliveries.saved).to.have.length(1);
    expect(deliveries.saved[0].inTransaction).to.equal(true);
    expect(uow.log).to.deep.equal(['claim', 'save succeeded', 'commit']);
  });

  it('records a failure and its inbound.delivery.failed event in one transaction, and wakes the dispatcher after it', async () => {
    const { uow, processor, stored, events, trigger } = setUp({
      run: async () => {
        throw new Unprocessable('A deal can only start in an open column', 'phase');
      },
    });
    const { delivery } = await processor.process(TEAM, endpoint, stored);
    expect(uow.log).to.deep.equal(['claim', 'rollback', 'save failed', 'event inbound.delivery.failed', 'commit']);
    expect(events.added).to.have.length(1);
    const [{ event, inTransaction }] = events.added;
    expect(inTransaction).to.equal(true);
    expect(event).to.include({ type: 'inbound.delivery.failed', subjectId: stored.id, teamId: TEAM.teamId, createdAt: now.toISOString() });
    expect(event.data).to.deep.equal({ object: new HttpEventObjects().inboundDelivery(delivery) });
    expect(event.data.object).to.include({
      id: stored.id,
      status: 'failed',
      error: 'A deal can only start in an open column',
      attempts: 1,
    });
    expect(trigger.kicks).to.equal(1);

    // Another attempt recorded its outcome first: this one writes neither the outcome nor an event.
    const late = setUp({
      run: async () => {
        throw new Unprocessable('no');
      },
    });
    late.deliveries.saveOutcome = async () => false;
    await late.processor.process(TEAM, endpoint, late.stored);
    expect(late.events.added).to.deep.equal([]);
    expect(late.trigger.kicks).to.equal(0);
  });

  it('writes no event and does not wake the dispatcher for a delivery that succeeds', async () => {
    const { processor, stored, events, trigger } = setUp({ run: async () => ({ entityId: 'deal-1', entityType: 'deal' }) });
    await processor.process(TEAM, endpoint, stored);
    expect(events.added).to.deep.equal([]);
    expect(trigger.kicks).to.equal(0);
  });

  it('keeps neither the failed outcome nor its event when the event cannot be written', async () => {
    const { uow, processor, stored, events } = setUp({
      run: async () => {
        throw new Unprocessable('no');
      },
    });
    events.add = async () => {
      uow.log.push('event failed');
      throw new Error('disk full');
    };
    let error: unknown;
    try {
      await processor.process(TEAM, endpoint, stored);
    } catch (e) {
      error = e;
    }
    expect((error as Error).message).to.equal('disk full');
    expect(uow.log).to.deep.equal(['claim', 'rollback', 'save failed', 'event failed', 'rollback']);
  });

  it("answers a refusal with success: false and records it after the action's writes were rolled back", async () => {
    const { uow, deliveries, processor, stored, errors } = setUp({
      run: async () => {
        throw new Unprocessable('A deal can only start in an open column', 'phase');
      },
    });
    const { result, delivery } = await processor.process(TEAM, endpoint, stored);
    expect(result).to.deep.equal({
      kind: 'processed',
      success: false,
      action: 'create_deal',
      entityId: null,
      entityType: 'deal',
      error: 'A deal can only start in an open column',
      entityIds: [],
      warnings: [],
    });
    expect(delivery).to.include({ status: 'failed', error: 'A deal can only start in an open column', attempts: 1, failure: 'refused' });
    expect(uow.log).to.deep.equal(['claim', 'rollback', 'save failed', 'event inbound.delivery.failed', 'commit']);
    expect(deliveries.saved[0].data.status).to.equal('failed');
    expect(errors).to.deep.equal([]);
  });

  it('answers an unexpected exception with only an error, keeps its message for the operator and logs it', async () => {
    const boom = new Error('socket hang up');
    const { processor, stored, errors } = setUp({
      run: async () => {
        throw boom;
      },
    });
    const { result, delivery } = await processor.process(TEAM, endpoint, stored);
    expect(result.kind).to.equal('crashed');
    expect(result.error).to.not.include('socket');
    expect(delivery.error).to.equal('Unexpected error: socket hang up');
    expect(delivery.failure).to.equal('crashed');
    expect(errors).to.deep.equal([boom]);
  });

  it('gives up without running the action or recording anything when another attempt holds the delivery', async () => {
    let ran = false;
    const { deliveries, processor, stored } = setUp({
      run: async () => {
        ran = true;
        return { entityId: 'x', entityType: 'deal' };
      },
    });
    deliveries.taken = true;
    let error: unknown;
    try {
      await processor.process(TEAM, endpoint, stored);
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(DeliveryTaken);
    expect(ran).to.equal(false);
    expect(deliveries.saved).to.deep.equal([]);
  });

  it('refuses a payload without a name, phone or email before running the action', async () => {
    let ran = false;
    const { processor } = setUp({
      run: async () => {
        ran = true;
        return { entityId: 'x', entityType: 'deal' };
      },
    });
    const stored = InboundDelivery.receive(
      '0190a000-0000-7000-8000-00000000000e',
      TEAM.teamId,
      endpoint.id,
      'create_deal',
      { other: 1 },
      now,
    ).snapshot();
    const { result } = await processor.process(TEAM, endpoint, stored);
    expect(result).to.include({ kind: 'processed', success: false });
    expect(ran).to.equal(false);
  });

  const receive = (
    payload: unknown,
    body: Parameters<typeof InboundDelivery.receive>[6] = { rawBody: JSON.stringify(payload), contentType: 'application/json' },
  ) =>
    InboundDelivery.receive('0190a000-0000-7000-8000-00000000000f', TEAM.teamId, endpoint.id, 'create_deal', payload, now, body).snapshot();
  const multi = { ...endpoint, fieldMapping: { full_name: 'leads[*].name', email: 'leads[*].email' } };

  it('makes one entity per usable record, skips a record without a contact with a warning, and answers the first id', async () => {
    const seen: unknown[] = [];
    const { processor } = setUp({
      run: async (_t, _e, fields) => {
        seen.push(fields.fullName);
        return { entityId: `deal-${seen.length}`, entityType: 'deal' };
      },
    });
    const stored = receive({ leads: [{ name: 'Ana' }, { other: 1 }, { name: 'Bia', email: 'not-an-email' }] });
    const { result, delivery } = await processor.process(TEAM, multi, stored);
    expect(seen).to.deep.equal(['Ana', 'Bia']);
    expect(result).to.include({ kind: 'processed', success: true, entityId: 'deal-1' });
    expect(delivery.entityIds).to.deep.equal(['deal-1', 'deal-2']);
    expect(delivery.warnings.map((w) => [w.record, w.field])).to.deep.equal([
      [1, 'full_name'],
      [2, 'email'],
    ]);
    expect(delivery.warnings[1]).to.include({ value: 'not-an-email' });
  });

  it('keeps the other records when the action refuses one of several, each record in a unit of its own', async () => {
    const { uow, processor } = setUp({
      run: async (_t, _e, fields) => {
        if (fields.fullName === 'Bia') throw new Unprocessable('The project is archived', 'project_id');
        return { entityId: `deal-${String(fields.fullName)}`, entityType: 'deal' };
      },
    });
    const payload = { leads: [{ name: 'Ana' }, { name: 'Bia' }, { name: 'Caio' }] };
    const { result, delivery } = await processor.process(TEAM, multi, receive(payload));
    expect(result).to.include({ success: true, entityId: 'deal-Ana' });
    expect(delivery.entityIds).to.deep.equal(['deal-Ana', 'deal-Caio']);
    expect(delivery.warnings).to.deep.equal([
      { field: 'project_id', value: null, reason: 'not stored: The project is archived', record: 1 },
    ]);
    expect(uow.log).to.deep.equal(['claim', 'commit', 'rollback', 'commit', 'save succeeded', 'commit']);
  });

  it('refuses the whole payload, naming the first record, when every record of several is refused', async () => {
    const { uow, processor } = setUp({
      run: async () => {
        throw new Unprocessable('The project is archived');
      },
    });
    const { result, delivery } = await processor.process(TEAM, multi, receive({ leads: [{ name: 'Ana' }, { name: 'Bia' }] }));
    expect(result).to.include({ success: false, error: 'record 0: The project is archived' });
    expect(delivery.entityIds).to.deep.equal([]);
    expect(uow.log).to.deep.equal(['claim', 'rollback', 'rollback', 'rollback', 'save failed', 'event inbound.delivery.failed', 'commit']);
  });

  it('refuses a payload of more records than the cap whole, before running the action on any', async () => {
    let ran = 0;
    const { processor } = setUp({
      run: async () => ({ entityId: `deal-${++ran}`, entityType: 'deal' }),
    });
    const cappedUow = new RecordingUow();
    const capped = new InboundProcessor(
      cappedUow,
      new Deliveries(cappedUow),
      {
        create_deal: { run: async () => ({ entityId: `deal-${++ran}`, entityType: 'deal' }) },
        create_lead: { run: async () => ({ entityId: 'x', entityType: 'lead' }) },
      },
      eventLog(new Events(cappedUow)),
      { now: () => now },
      { debug() {}, info() {}, warn() {}, error() {} },
      new Trigger(),
      { maxRecords: 2 },
    );
    const three = receive({ leads: [{ name: 'Ana' }, { name: 'Bia' }, { name: 'Caio' }] });
    const { result, delivery } = await capped.process(TEAM, multi, three);
    expect(result).to.include({ success: false, tooLarge: true, error: 'The payload holds 3 records; a delivery may make at most 2' });
    expect(delivery).to.include({ status: 'failed', failure: 'too_large' });
    expect(ran).to.equal(0);
    expect((await processor.process(TEAM, multi, three)).result).to.include({ success: true });
  });

  it("calls the action's afterCommit only once its transaction has committed, and not after a refusal", async () => {
    const calls: string[] = [];
    const ok = setUp({
      run: async () => ({ entityId: 'deal-1', entityType: 'deal' }),
      afterCommit: () => {
        calls.push(`after ${ok.uow.depth} ${ok.uow.log.join(',')}`);
      },
    });
    await ok.processor.process(TEAM, endpoint, ok.stored);
    expect(calls).to.deep.equal(['after 0 claim,save succeeded,commit']);
    const refused = setUp({
      run: async () => {
        throw new Unprocessable('no');
      },
      afterCommit: () => {
        calls.push('refused');
      },
    });
    await refused.processor.process(TEAM, endpoint, refused.stored);
    expect(calls).to.have.length(1);
  });

  it('refuses an unreadable body with its reading error, and reads it again on a later attempt', async () => {
    let ran = 0;
    const { processor } = setUp({
      run: async () => {
        ran++;
        return { entityId: 'lead-1', entityType: 'lead' };
      },
    });
    const unreadable = receive(null, {
      rawBody: 'who=Ana',
      contentType: 'text/plain',
      bodyError: 'The body is text/plain and not a JSON object',
    });
    const first = await processor.process(TEAM, endpoint, unreadable);
    expect(first.result).to.include({ success: false, error: 'The body is text/plain and not a JSON object; send JSON or a form' });
    expect(first.delivery).to.include({ payload: null, rawBody: 'who=Ana', failure: 'refused' });
    expect(ran).to.equal(0);
    // Stored by an older version that could not read forms: a replay reads the raw body again.
    const old = receive(null, { rawBody: 'who=Ana', contentType: 'application/x-www-form-urlencoded', bodyError: 'not read' });
    const replayed = await processor.process(TEAM, endpoint, old);
    expect(replayed.result).to.include({ success: true });
    expect(replayed.delivery).to.include({ bodyError: null });
    expect(replayed.delivery.payload).to.deep.equal({ who: 'Ana' });
  });

  it("warns when the endpoint's idempotency path finds no id in the payload", async () => {
    const { processor } = setUp({ run: async () => ({ entityId: 'deal-1', entityType: 'deal' }) });
    const { delivery } = await processor.process(TEAM, { ...endpoint, idempotencyPath: 'event_id' }, receive({ who: 'Ana' }));
    expect(delivery.warnings.map((w) => w.field)).to.deep.equal(['idempotency_path']);
  });
});
