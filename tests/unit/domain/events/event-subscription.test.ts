import { expect } from 'chai';
import { EVENT_TYPES } from '../../../../domain/events/event';
import {
  EventSubscription,
  MAX_EVENT_PATTERNS,
  MAX_EVENT_URL,
  NewEventSubscription,
  PREVIOUS_SECRET_TTL_MS,
  eventPatternsKnown,
  parseEventPatterns,
  subscriptionStatus,
} from '../../../../domain/events/event-subscription';
import { Text } from '../../../../domain/shared/limits';
import { ValidationFailed } from '../../../../domain/shared/errors';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const later = (ms: number) => new Date(T0.getTime() + ms);
const ID = '01900000-0000-7000-8000-000000000001';
const TEAM = '01900000-0000-7000-8000-0000000000aa';

const input = (over: Partial<NewEventSubscription> = {}): NewEventSubscription => ({
  url: 'https://hooks.example.com/in',
  events: ['deal.*'],
  ...over,
});

const refused = (fn: () => unknown, field: string | undefined, pattern?: RegExp): ValidationFailed => {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(ValidationFailed);
    const e = err as ValidationFailed;
    expect(e.details?.field).to.equal(field);
    if (pattern) expect(e.message).to.match(pattern);
    return e;
  }
  throw new Error('expected a ValidationFailed');
};

describe('parseEventPatterns', () => {
  it('takes exact types, prefix patterns of known types and `*`, in order, without duplicates', () => {
    expect(parseEventPatterns(['deal.won', 'whatsapp.*', 'deal.won', 'whatsapp.message.*', '*', 'deal.won'])).to.deep.equal([
      'deal.won',
      'whatsapp.*',
      'whatsapp.message.*',
      '*',
    ]);
  });

  it('knows every type, every prefix of a type followed by `.*`, and `*`', () => {
    const known = eventPatternsKnown();
    for (const type of EVENT_TYPES) expect(known.types).to.include(type);
    expect(known.patterns).to.include.members(['*', 'deal.*', 'whatsapp.*', 'whatsapp.message.*', 'inbound.delivery.*']);
    expect(known.patterns).not.to.include('deal.created.*');
  });

  it('refuses an unknown type or pattern naming it and listing the known ones, on field events', () => {
    const e = refused(() => parseEventPatterns(['deal.won', 'deal.exploded']), 'events', /deal\.exploded/);
    expect(e.message).to.include('deal.created').and.include('whatsapp.message.*');
    refused(() => parseEventPatterns(['nothing.*']), 'events', /nothing\.\*/);
    refused(() => parseEventPatterns(['deal.created.*']), 'events', /deal\.created\.\*/);
    refused(() => parseEventPatterns(['deal']), 'events', /"deal"/);
    refused(() => parseEventPatterns(['DEAL.WON']), 'events');
    refused(() => parseEventPatterns(['de*']), 'events');
  });

  it('refuses no list, an empty one, a non-string item and more than the most patterns', () => {
    refused(() => parseEventPatterns(undefined), 'events');
    refused(() => parseEventPatterns('deal.won'), 'events');
    refused(() => parseEventPatterns([]), 'events', /at least one/);
    refused(() => parseEventPatterns([3]), 'events');
    refused(() => parseEventPatterns(Array.from({ length: MAX_EVENT_PATTERNS + 1 }, () => '*')), 'events', /at most/);
  });
});

describe('EventSubscription', () => {
  it('is created active with its sealed secret, no previous one, and the checked fields', () => {
    const s = EventSubscription.create(ID, TEAM, input({ description: '  CRM sync  ', events: ['deal.won', 'deal.won'] }), 'sealed-1', T0);
    expect(s.snapshot()).to.deep.equal({
      id: ID,
      teamId: TEAM,
      url: 'https://hooks.example.com/in',
      events: ['deal.won'],
      description: 'CRM sync',
      isActive: true,
      secretSealed: 'sealed-1',
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
      disabledReason: null,
      disabledAt: null,
      failingSince: null,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    });
    expect(s.isDelivering).to.equal(true);
    expect(subscriptionStatus(s.snapshot())).to.equal('active');
  });

  it('may be created inactive; an empty description is none', () => {
    const s = EventSubscription.create(ID, TEAM, input({ isActive: false, description: '   ' }), 'sealed-1', T0);
    expect(s.isDelivering).to.equal(false);
    expect(s.snapshot().description).to.equal(null);
    expect(subscriptionStatus(s.snapshot())).to.equal('inactive');
  });

  it('refuses a URL that is empty or too long, a description over its limit, and bad events', () => {
    refused(() => EventSubscription.create(ID, TEAM, input({ url: ' ' }), 's', T0), 'url');
    refused(() => EventSubscription.create(ID, TEAM, input({ url: `https://x.io/${'a'.repeat(MAX_EVENT_URL)}` }), 's', T0), 'url');
    refused(() => EventSubscription.create(ID, TEAM, input({ description: 'x'.repeat(Text.long + 1) }), 's', T0), 'description');
    refused(() => EventSubscription.create(ID, TEAM, input({ events: [] }), 's', T0), 'events');
  });

  it('matches exact types, prefix patterns and `*`', () => {
    const of = (events: string[]) => EventSubscription.create(ID, TEAM, input({ events }), 's', T0);
    expect(of(['deal.won']).matches('deal.won')).to.equal(true);
    expect(of(['deal.won']).matches('deal.lost')).to.equal(false);
    expect(of(['deal.*']).matches('deal.stage_changed')).to.equal(true);
    expect(of(['deal.*']).matches('client.created')).to.equal(false);
    expect(of(['whatsapp.message.*']).matches('whatsapp.message.received')).to.equal(true);
    expect(of(['whatsapp.message.*']).matches('whatsapp.contact.created')).to.equal(false);
    expect(of(['client.updated', 'whatsapp.*']).matches('whatsapp.contact.created')).to.equal(true);
    expect(of(['*']).matches('inbound.delivery.failed')).to.equal(true);
  });

  it('updates the fields sent, and refuses a change with none of them', () => {
    const s = EventSubscription.create(ID, TEAM, input({ description: 'a' }), 's', T0);
    s.update({ events: ['client.*', 'deal.won'], description: null }, later(1000));
    expect(s.snapshot()).to.include({ description: null, url: 'https://hooks.example.com/in', updatedAt: later(1000).toISOString() });
    expect(s.snapshot().events).to.deep.equal(['client.*', 'deal.won']);
    s.update({ url: 'https://other.example.com/x', isActive: false }, later(2000));
    expect(s.snapshot()).to.include({ url: 'https://other.example.com/x', isActive: false });
    expect(s.isDelivering).to.equal(false);
    refused(() => s.update({}, later(3000)), undefined, /url, events, description, is_active/);
    refused(() => s.update({ events: ['nope'] }, later(3000)), 'events');
  });

  it('is disabled with a reason, and a change to is_active true enables it again and forgets the failures', () => {
    const s = EventSubscription.create(ID, TEAM, input(), 's', T0);
    s.disable('The receiver answered 410 Gone', later(1000));
    expect(s.isDelivering).to.equal(false);
    expect(subscriptionStatus(s.snapshot())).to.equal('disabled');
    expect(s.snapshot()).to.include({ disabledReason: 'The receiver answered 410 Gone', disabledAt: later(1000).toISOString() });

    const failing = EventSubscription.restore({ ...s.snapshot(), failingSince: T0.toISOString() });
    failing.update({ description: 'still off' }, later(2000));
    expect(failing.isDelivering).to.equal(false);
    failing.update({ isActive: true }, later(3000));
    expect(failing.isDelivering).to.equal(true);
    expect(failing.snapshot()).to.include({ disabledReason: null, disabledAt: null, failingSince: null, isActive: true });
    expect(subscriptionStatus(failing.snapshot())).to.equal('active');
  });

  it('rotates its secret: the current one signs beside the new one for 24 hours, then no more', () => {
    const s = EventSubscription.create(ID, TEAM, input(), 'sealed-1', T0);
    expect(s.secretsSealedAt(T0)).to.deep.equal(['sealed-1']);
    s.rotateSecret('sealed-2', later(1000));
    const expires = later(1000 + PREVIOUS_SECRET_TTL_MS);
    expect(s.snapshot()).to.include({
      secretSealed: 'sealed-2',
      previousSecretSealed: 'sealed-1',
      previousSecretExpiresAt: expires.toISOString(),
      updatedAt: later(1000).toISOString(),
    });
    expect(s.secretsSealedAt(later(2000))).to.deep.equal(['sealed-2', 'sealed-1']);
    expect(s.secretsSealedAt(expires)).to.deep.equal(['sealed-2']);
    s.rotateSecret('sealed-3', later(5000));
    expect(s.secretsSealedAt(later(6000))).to.deep.equal(['sealed-3', 'sealed-2']);
  });

  it('restores and snapshots copies', () => {
    const data = EventSubscription.create(ID, TEAM, input(), 's', T0).snapshot();
    const s = EventSubscription.restore(data);
    data.events.push('client.created');
    expect(s.snapshot().events).to.deep.equal(['deal.*']);
    s.snapshot().events.push('x');
    expect(s.snapshot().events).to.deep.equal(['deal.*']);
  });
});
