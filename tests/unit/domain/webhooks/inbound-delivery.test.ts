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

  it('is not replayed once its body was dropped after its retention: only its outcome is left', () => {
    const failed = receive();
    failed.fail('no name', now);
    const dropped = InboundDelivery.restore({ ...failed.snapshot(), rawBody: null, payload: null });
    expect(() => dropped.assertReplayable()).to.throw(Conflict, /no longer kept/);
    expect(() => dropped.assertBodyKept()).to.throw(Conflict, /no longer kept/);
    // A delivery stored before bodies were kept has its reading; one whose body could not be read, its text.
    const beforeRawBodies = InboundDelivery.restore({ ...failed.snapshot(), rawBody: null });
    expect(() => beforeRawBodies.assertReplayable()).not.to.throw();
    const unreadable = InboundDelivery.restore({
      ...failed.snapshot(),
      payload: null,
      rawBody: 'a=1&b',
      bodyError: 'The body is not JSON',
    });
    expect(() => unreadable.assertReplayable()).not.to.throw();
  });
});
