import { expect } from 'chai';
import { Conflict } from '../../../../domain/shared/errors';
import { InboundDelivery } from '../../../../domain/webhooks/inbound-delivery';

const now = new Date('2026-03-01T10:00:00.000Z');

describe('InboundDelivery', () => {
  const receive = () => InboundDelivery.receive('d1', 't1', 'w1', 'create_deal', { who: 'Ana' }, now);

  it('may be replayed while unprocessed or failed, never once it succeeded', () => {
    const delivery = receive();
    expect(() => delivery.assertReplayable()).not.to.throw();
    delivery.fail('no name', now);
    expect(() => delivery.assertReplayable()).not.to.throw();
    delivery.succeed({ action: 'create_deal', entityId: 'e1', entityType: 'deal' }, now);
    expect(delivery.snapshot()).to.include({ status: 'succeeded', attempts: 2 });
    expect(() => delivery.assertReplayable()).to.throw(Conflict, 'The delivery was already processed successfully');
  });
});
