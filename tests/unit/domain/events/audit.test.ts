import { expect } from 'chai';
import { auditEntryOf, auditResourceOf, auditTypesOf, changesOf } from '../../../../domain/events/audit';
import { EVENT_TYPES, EventData } from '../../../../domain/events/event';

const event = (over: Partial<EventData>): EventData => ({
  id: 'e1',
  teamId: 't1',
  type: 'deal.updated',
  subjectId: 'd1',
  data: { object: { id: 'd1' } },
  actor: 'api_key:k1',
  requestId: 'r1',
  status: 'delivered',
  attempts: 1,
  availableAt: '2026-01-01T00:00:00.000Z',
  lastError: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  deliveredAt: null,
  ...over,
});

describe('Audit trail entries', () => {
  it("tells a change as each changed field's previous value and the record's new one", () => {
    const e = event({
      data: { object: { id: 'd1', title: 'B', value: 2, phase: 'x', updated_at: 'now' }, previous: { title: 'A', value: null } },
    });
    expect(changesOf(e)).to.deep.equal({ title: { from: 'A', to: 'B' }, value: { from: null, to: 2 } });
  });

  it('tells a creation as every set field from null, without the bookkeeping fields', () => {
    const e = event({
      type: 'client.created',
      data: { object: { id: 'c1', name: 'Ção', email: null, tags: [], created_at: 'a', updated_at: 'a' } },
    });
    expect(changesOf(e)).to.deep.equal({ name: { from: null, to: 'Ção' }, tags: { from: null, to: [] } });
  });

  it('tells a removal as every field to null', () => {
    const e = event({ type: 'task.deleted', data: { object: { id: 't1', title: 'Ligar', deleted_at: 'x' } } });
    expect(changesOf(e)).to.deep.equal({ title: { from: 'Ligar', to: null }, deleted_at: { from: 'x', to: null } });
  });

  it('names the kind of record of each event type, and the types of each kind', () => {
    expect(auditResourceOf('whatsapp.message.status_changed')).to.equal('whatsapp_message');
    expect(auditResourceOf('inbound.delivery.failed')).to.equal('inbound_delivery');
    expect(auditTypesOf('deal')).to.deep.equal([
      'deal.created',
      'deal.updated',
      'deal.stage_changed',
      'deal.won',
      'deal.lost',
      'deal.archived',
    ]);
    expect(auditTypesOf('whatsapp_contact')).to.deep.equal(['whatsapp.contact.created']);
    expect(auditResourceOf('privacy.erasure.completed')).to.equal('privacy_erasure');
    // Every event type belongs to a kind of record, so that every entry can be filtered by its kind.
    expect(EVENT_TYPES.filter((t) => auditResourceOf(t) === null)).to.deep.equal([]);
  });

  it('carries the actor and the request of the event', () => {
    expect(auditEntryOf(event({ actor: null, requestId: null }))).to.deep.include({
      actor: null,
      requestId: null,
      resource: 'deal',
      resourceId: 'd1',
    });
  });
});
