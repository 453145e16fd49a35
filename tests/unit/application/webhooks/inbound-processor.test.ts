import { expect } from 'chai';
import { InboundAction, InboundActions } from '../../../../application/webhooks/inbound-action';
import { DeliveryTaken, InboundProcessor } from '../../../../application/webhooks/inbound-processor';
import { UnitOfWork } from '../../../../application/shared/unit-of-work';
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
  async findById() { return null; }
  async findTeamOf() { return null; }
  async listByWebhook() { return []; }
  async insert() {}
  async claim() { this.uow.log.push('claim'); return !this.taken; }
  async saveOutcome(d: InboundDeliveryData) {
    this.saved.push({ data: d, inTransaction: this.uow.depth > 0 });
    this.uow.log.push(`save ${d.status}`);
    return true;
  }
}

const endpoint = WebhookEndpoint.create('0190a000-0000-7000-8000-000000000001', TEAM.teamId, {
  name: 'Form', slug: 'form', endpointId: 'wh_x', actionType: 'create_deal',
  actionConfig: { projectId: PROJECT, pipelineId: null, columnSlug: null }, secretHash: null, fieldMapping: { full_name: 'who' },
}, now).snapshot();

const setUp = (action: InboundAction) => {
  const uow = new RecordingUow();
  const deliveries = new Deliveries(uow);
  const actions: InboundActions = { create_deal: action, create_lead: action };
  const errors: unknown[] = [];
  const logger = { info() {}, warn() {}, error: (f: Record<string, unknown>) => { errors.push(f.err); } };
  const processor = new InboundProcessor(uow, deliveries, actions, { now: () => now }, logger);
  const stored = InboundDelivery.receive('0190a000-0000-7000-8000-00000000000d', TEAM.teamId, endpoint.id, 'create_deal', { who: 'Ana' }, now).snapshot();
  return { uow, deliveries, processor, stored, errors };
};

describe('InboundProcessor', () => {
  it('runs the action on the mapped fields and records success inside the action\'s transaction', async () => {
    let seen: unknown;
    const { uow, deliveries, processor, stored } = setUp({ run: async (_t, _e, fields) => { seen = fields.fullName; return { entityId: 'deal-1', entityType: 'deal' }; } });
    const { result, delivery } = await processor.process(TEAM, endpoint, stored);
    expect(seen).to.equal('Ana');
    expect(result).to.deep.equal({ kind: 'processed', success: true, action: 'create_deal', entityId: 'deal-1', entityType: 'deal' });
    expect(delivery).to.include({ status: 'succeeded', entityId: 'deal-1', attempts: 1 });
    expect(deliveries.saved).to.have.length(1);
    expect(deliveries.saved[0].inTransaction).to.equal(true);
    expect(uow.log).to.deep.equal(['claim', 'save succeeded', 'commit']);
  });

  it('answers a refusal with success: false and records it after the action\'s writes were rolled back', async () => {
    const { uow, deliveries, processor, stored, errors } = setUp({ run: async () => { throw new Unprocessable('A deal can only start in an open column', 'phase'); } });
    const { result, delivery } = await processor.process(TEAM, endpoint, stored);
    expect(result).to.deep.equal({
      kind: 'processed', success: false, action: 'create_deal', entityId: null, entityType: 'deal', error: 'A deal can only start in an open column',
    });
    expect(delivery).to.include({ status: 'failed', error: 'A deal can only start in an open column', attempts: 1 });
    expect(uow.log).to.deep.equal(['claim', 'rollback', 'save failed', 'commit']);
    expect(deliveries.saved[0].data.status).to.equal('failed');
    expect(errors).to.deep.equal([]);
  });

  it('answers an unexpected exception with only an error, keeps its message for the operator and logs it', async () => {
    const boom = new Error('socket hang up');
    const { processor, stored, errors } = setUp({ run: async () => { throw boom; } });
    const { result, delivery } = await processor.process(TEAM, endpoint, stored);
    expect(result.kind).to.equal('crashed');
    expect(result.error).to.not.include('socket');
    expect(delivery.error).to.equal('Unexpected error: socket hang up');
    expect(errors).to.deep.equal([boom]);
  });

  it('gives up without running the action or recording anything when another attempt holds the delivery', async () => {
    let ran = false;
    const { deliveries, processor, stored } = setUp({ run: async () => { ran = true; return { entityId: 'x', entityType: 'deal' }; } });
    deliveries.taken = true;
    let error: unknown;
    try { await processor.process(TEAM, endpoint, stored); } catch (e) { error = e; }
    expect(error).to.be.instanceOf(DeliveryTaken);
    expect(ran).to.equal(false);
    expect(deliveries.saved).to.deep.equal([]);
  });

  it('refuses a payload without a name, phone or email before running the action', async () => {
    let ran = false;
    const { processor } = setUp({ run: async () => { ran = true; return { entityId: 'x', entityType: 'deal' }; } });
    const stored = InboundDelivery.receive('0190a000-0000-7000-8000-00000000000e', TEAM.teamId, endpoint.id, 'create_deal', { other: 1 }, now).snapshot();
    const { result } = await processor.process(TEAM, endpoint, stored);
    expect(result).to.include({ kind: 'processed', success: false });
    expect(ran).to.equal(false);
  });
});
