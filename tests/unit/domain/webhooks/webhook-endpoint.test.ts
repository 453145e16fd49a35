import { expect } from 'chai';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { InboundDelivery } from '../../../../domain/webhooks/inbound-delivery';
import { NewWebhookEndpoint, WebhookEndpoint } from '../../../../domain/webhooks/webhook-endpoint';

const ID = '0190a000-0000-7000-8000-000000000001';
const TEAM = '0190a000-0000-7000-8000-000000000002';
const PROJECT = '0190a000-0000-7000-8000-000000000003';
const t0 = new Date('2026-01-01T00:00:00.000Z');
const t1 = new Date('2026-01-01T00:05:00.000Z');

const input = (over: Partial<NewWebhookEndpoint> = {}): NewWebhookEndpoint => ({
  name: ' Site form ',
  slug: 'Site Form',
  endpointId: 'wh_abc',
  actionType: 'create_deal',
  actionConfig: { projectId: PROJECT, pipelineId: null, columnSlug: null },
  credential: { authMode: 'secret', secretHash: 'h' },
  ...over,
});

describe('WebhookEndpoint', () => {
  it('is created active, with a trimmed name, a normalized slug and a checked mapping', () => {
    const e = WebhookEndpoint.create(ID, TEAM, input({ fieldMapping: { email: 'contact.email' } }), t0).snapshot();
    expect(e).to.include({ name: 'Site form', slug: 'site-form', isActive: true, endpointId: 'wh_abc', createdAt: t0.toISOString() });
    expect(e.fieldMapping).to.deep.equal({ email: 'contact.email' });
    expect(() => WebhookEndpoint.create(ID, TEAM, input({ fieldMapping: { secret: 'x' } }), t0)).to.throw(ValidationFailed);
    expect(() => WebhookEndpoint.create(ID, TEAM, input({ name: ' ' }), t0)).to.throw(ValidationFailed, /name/);
    expect(() => WebhookEndpoint.create(ID, TEAM, input({ actionType: 'x' as never }), t0)).to.throw(ValidationFailed, /action_type/);
  });

  it('gives a create_lead endpoint no pipeline or column', () => {
    expect(() =>
      WebhookEndpoint.create(
        ID,
        TEAM,
        input({
          actionType: 'create_lead',
          actionConfig: { projectId: PROJECT, pipelineId: PROJECT, columnSlug: null },
        }),
        t0,
      ),
    ).to.throw(ValidationFailed);
  });

  it('changes only name and is_active, and needs one of them', () => {
    const e = WebhookEndpoint.create(ID, TEAM, input(), t0);
    e.update({ isActive: false }, t1);
    expect(e.snapshot()).to.include({ isActive: false, name: 'Site form', updatedAt: t1.toISOString() });
    expect(() => e.update({}, t1)).to.throw(ValidationFailed);
    expect(() => e.update({ name: '' }, t1)).to.throw(ValidationFailed);
  });

  it('receives only while active, answering like an unknown endpoint otherwise', () => {
    const e = WebhookEndpoint.create(ID, TEAM, input(), t0);
    expect(() => e.assertReceiving()).to.not.throw();
    e.update({ isActive: false }, t1);
    expect(() => e.assertReceiving()).to.throw(NotFound);
    expect(WebhookEndpoint.create(ID, TEAM, input({ credential: { authMode: 'none' } }), t0).authMode).to.equal('none');
  });
});

describe('InboundDelivery', () => {
  it("is stored as received with a copy of the payload, then keeps each attempt's outcome", () => {
    const payload = { name: 'Ana' };
    const d = InboundDelivery.receive(ID, TEAM, PROJECT, 'create_deal', payload, t0);
    payload.name = 'changed';
    expect(d.snapshot()).to.include({ status: 'received', attempts: 0, processedAt: null, error: null });
    expect(d.payload).to.deep.equal({ name: 'Ana' });
    d.fail('phone must include the area code', t0);
    expect(d.snapshot()).to.include({ status: 'failed', attempts: 1, error: 'phone must include the area code' });
    d.succeed({ action: 'create_deal', entityId: ID, entityType: 'deal' }, t1);
    expect(d.snapshot()).to.include({
      status: 'succeeded',
      attempts: 2,
      error: null,
      entityId: ID,
      entityType: 'deal',
      processedAt: t1.toISOString(),
    });
  });
});
