import { expect } from 'chai';
import { MinimiseRawPayloads } from '../../../../application/privacy/minimise-raw-payloads';
import { InboundDeliveryRepository } from '../../../../domain/webhooks/inbound-delivery-repository';
import { MessageRepository } from '../../../../domain/whatsapp/message-repository';

const NOW = new Date('2026-12-03T12:00:00.000Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** A repository's drop that answers the counts it is given, one a batch, and records each call. */
const dropping = (counts: number[]) => {
  const calls: { cutoff: Date; limit: number }[] = [];
  const drop = async (cutoff: Date, limit: number) => {
    calls.push({ cutoff, limit });
    if (calls.length > counts.length) throw new Error('called after a short batch');
    return counts[calls.length - 1];
  };
  return { calls, drop };
};

const setUp = (deliveryCounts: number[], messageCounts: number[], days = { inboundRawRetentionDays: 90, whatsappRawRetentionDays: 30 }) => {
  const deliveries = dropping(deliveryCounts);
  const messages = dropping(messageCounts);
  const useCase = new MinimiseRawPayloads(
    { dropRawBodiesBefore: deliveries.drop } as unknown as InboundDeliveryRepository,
    { dropRawBefore: messages.drop } as unknown as MessageRepository,
    { now: () => NOW },
    days,
  );
  return { useCase, deliveries: deliveries.calls, messages: messages.calls };
};

describe('MinimiseRawPayloads', () => {
  it('drops in batches of 1000 until a batch is short, each kind before its own retention, and counts what it dropped', async () => {
    const { useCase, deliveries, messages } = setUp([1000, 1000, 3], [17]);
    expect(await useCase.execute()).to.deep.equal({ inboundDeliveries: 2003, whatsappMessages: 17 });
    expect(deliveries).to.deep.equal([
      { cutoff: daysBefore(90), limit: 1000 },
      { cutoff: daysBefore(90), limit: 1000 },
      { cutoff: daysBefore(90), limit: 1000 },
    ]);
    expect(messages).to.deep.equal([{ cutoff: daysBefore(30), limit: 1000 }]);
  });

  it('stops at an empty batch after full ones, and answers zeros when nothing is past its retention', async () => {
    const full = setUp([1000, 0], [1000, 1000, 0]);
    expect(await full.useCase.execute()).to.deep.equal({ inboundDeliveries: 1000, whatsappMessages: 2000 });
    expect(full.deliveries).to.have.length(2);
    expect(full.messages).to.have.length(3);
    const none = setUp([0], [0], { inboundRawRetentionDays: 1, whatsappRawRetentionDays: 3650 });
    expect(await none.useCase.execute()).to.deep.equal({ inboundDeliveries: 0, whatsappMessages: 0 });
    expect(none.deliveries).to.deep.equal([{ cutoff: daysBefore(1), limit: 1000 }]);
    expect(none.messages).to.deep.equal([{ cutoff: daysBefore(3650), limit: 1000 }]);
  });
});
