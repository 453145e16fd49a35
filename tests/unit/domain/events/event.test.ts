import { expect } from 'chai';
import { EVENT_LEASE_MS, EVENT_MAX_ATTEMPTS, EVENT_TYPES, LoggedEvent, isEventType, previousValues } from '../../../../domain/events/event';
import { NOW, TEAM_ID } from '../deals/deal-mother';

const at = (ms: number): Date => new Date(NOW.getTime() + ms);
const PAYLOAD = { object: { id: 'deal-1', phase: 'lead' } };
const event = (): LoggedEvent =>
  LoggedEvent.fromDraft('ev-1', { teamId: TEAM_ID }, { type: 'deal.created', subjectId: 'deal-1', payload: PAYLOAD }, NOW);

describe('LoggedEvent (outbox)', () => {
  it('starts pending and due at once, about its subject, with its payload as data', () => {
    const e = event();
    expect(e.snapshot()).to.deep.equal({
      id: 'ev-1',
      teamId: TEAM_ID,
      type: 'deal.created',
      subjectId: 'deal-1',
      data: PAYLOAD,
      actor: 'system',
      requestId: null,
      status: 'pending',
      attempts: 0,
      availableAt: NOW.toISOString(),
      lastError: null,
      createdAt: NOW.toISOString(),
      deliveredAt: null,
    });
    expect(e.isClaimable(NOW)).to.equal(true);
  });

  it("records who made the change, and in which request, from the team's context", () => {
    const team = { teamId: TEAM_ID, actor: 'api_key:key-1', requestId: 'req-1' };
    const e = LoggedEvent.fromDraft('ev-1', team, { type: 'deal.created', subjectId: 'deal-1', payload: PAYLOAD }, NOW).snapshot();
    expect([e.actor, e.requestId]).to.deep.equal(['api_key:key-1', 'req-1']);
  });

  it('is held by a lease once claimed, and free again when the lease runs out', () => {
    const e = event();
    e.claim(NOW);
    expect(e.snapshot()).to.include({ status: 'processing', attempts: 1 });
    expect(e.isClaimable(at(EVENT_LEASE_MS - 1))).to.equal(false);
    expect(() => e.claim(at(1))).to.throw();
    expect(e.isClaimable(at(EVENT_LEASE_MS))).to.equal(true);
  });

  it('backs off after a failed attempt, longer each time', () => {
    const e = event();
    e.claim(NOW);
    expect(e.attemptFailed('boom', NOW)).to.equal(true);
    const first = Date.parse(e.snapshot().availableAt) - NOW.getTime();
    expect(e.snapshot()).to.include({ status: 'pending', lastError: 'boom' });
    const t = at(first);
    e.claim(t);
    e.attemptFailed('boom again', t);
    const second = Date.parse(e.snapshot().availableAt) - t.getTime();
    expect(first).to.be.greaterThan(0);
    expect(second).to.be.greaterThan(first);
  });

  it('stops retrying after the last attempt', () => {
    const e = event();
    let t = NOW;
    for (let i = 1; i < EVENT_MAX_ATTEMPTS; i++) {
      e.claim(t);
      expect(e.isLastAttempt).to.equal(false);
      expect(e.attemptFailed('x', t)).to.equal(true);
      t = new Date(Date.parse(e.snapshot().availableAt));
    }
    e.claim(t);
    expect(e.isLastAttempt).to.equal(true);
    expect(e.attemptFailed('x', t)).to.equal(false);
    expect(e.status).to.equal('delivered');
    expect(e.isClaimable(at(10 * 24 * 3600 * 1000))).to.equal(false);
  });

  it('is never claimed again once delivered', () => {
    const e = event();
    e.claim(NOW);
    e.delivered(NOW);
    expect(e.snapshot()).to.include({ status: 'delivered', deliveredAt: NOW.toISOString() });
    expect(e.isClaimable(at(EVENT_LEASE_MS * 10))).to.equal(false);
  });
});

describe('Event types and payloads', () => {
  it('names every type in the public dotted vocabulary, the deal ones included', () => {
    expect(EVENT_TYPES).to.include.members([
      'deal.created',
      'deal.updated',
      'deal.stage_changed',
      'deal.won',
      'deal.lost',
      'deal.archived',
    ]);
    for (const type of EVENT_TYPES) expect(type, type).to.match(/^[a-z_]+(\.[a-z_]+)+$/);
    expect(isEventType('deal.created')).to.equal(true);
    expect(isEventType('deal_created')).to.equal(false);
    expect(isEventType(undefined)).to.equal(false);
  });

  it('keeps as previous values only the fields that changed, updated_at aside, nested values compared whole', () => {
    const before = { id: 'd', phase: 'lead', value: 10, tags: ['a'], client: { id: 'c1' }, updated_at: '2026-01-01T00:00:00.000Z' };
    const after = { id: 'd', phase: 'proposta', value: 10, tags: ['a', 'b'], client: null, updated_at: '2026-01-02T00:00:00.000Z' };
    expect(previousValues(before, after)).to.deep.equal({ phase: 'lead', tags: ['a'], client: { id: 'c1' } });
    expect(previousValues(before, before)).to.deep.equal({});
  });
});
