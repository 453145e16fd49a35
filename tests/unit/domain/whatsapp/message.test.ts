import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { InboundContent, Message, fitInboundContent, inboundText, opensServiceWindow } from '../../../../domain/whatsapp/message';
import { MESSAGE_LENGTHS, cutToLength, fitsLength } from '../../../../domain/whatsapp/provider-lengths';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const T1 = new Date('2026-03-01T10:01:00.000Z');
const thread = { id: 'v1', inboxId: 'i1', contactId: 'c1' };
const pending = () => Message.outbound('m1', 'team', thread, 'Olá', T0);
const sent = () => {
  const m = pending();
  m.accept('wamid.1', T1);
  return m;
};

describe('Message', () => {
  it('is recorded pending, outbound text, before the provider answers', () => {
    const s = pending().snapshot();
    expect(s).to.include({
      direction: 'outbound',
      type: 'text',
      content: 'Olá',
      status: 'pending',
      providerMessageId: null,
      conversationId: 'v1',
      inboxId: 'i1',
      contactId: 'c1',
    });
  });

  it('requires content, up to 4096 characters', () => {
    for (const bad of ['', '  ', undefined, 5, 'x'.repeat(4097)]) {
      expect(() => Message.outbound('m', 't', thread, bad, T0))
        .to.throw(ValidationFailed)
        .with.deep.property('details', { field: 'content' });
    }
    expect(() => Message.outbound('m', 't', thread, 'x'.repeat(4096), T0)).not.to.throw();
  });

  it('becomes sent with the provider id once the provider accepts it', () => {
    const s = sent().snapshot();
    expect(s.status).to.equal('sent');
    expect(s.providerMessageId).to.equal('wamid.1');
    expect(s.updatedAt).to.equal(T1.toISOString());
  });

  it('becomes failed with the reason when the provider refuses it', () => {
    const m = pending();
    m.fail({ code: '131026', title: 'Undeliverable', detail: null }, T1);
    expect(m.snapshot()).to.deep.include({ status: 'failed', error: { code: '131026', title: 'Undeliverable', detail: null } });
  });

  it('moves sent → delivered → read and never backwards', () => {
    const m = sent();
    expect(m.applyDeliveryStatus('delivered', null, T1)).to.equal(true);
    expect(m.applyDeliveryStatus('read', null, T1)).to.equal(true);
    expect(m.applyDeliveryStatus('delivered', null, T1)).to.equal(false);
    expect(m.applyDeliveryStatus('sent', null, T1)).to.equal(false);
    expect(m.status).to.equal('read');
  });

  it('jumps straight to read when delivered is reported late', () => {
    const m = sent();
    m.applyDeliveryStatus('read', null, T1);
    m.applyDeliveryStatus('delivered', null, T1);
    expect(m.status).to.equal('read');
  });

  it('keeps the provider error on failure and stays failed', () => {
    const m = sent();
    const error = { code: '131047', title: 'Re-engagement message', detail: 'More than 24 hours have passed' };
    expect(m.applyDeliveryStatus('failed', error, T1)).to.equal(true);
    expect(m.applyDeliveryStatus('delivered', null, T1)).to.equal(false);
    expect(m.snapshot()).to.deep.include({ status: 'failed', error });
  });

  it('does not turn a delivered message into a failure', () => {
    const m = sent();
    m.applyDeliveryStatus('delivered', null, T1);
    expect(m.applyDeliveryStatus('failed', { code: '1', title: null, detail: null }, T1)).to.equal(false);
    expect(m.snapshot()).to.deep.include({ status: 'delivered', error: null });
  });

  it('keeps when each status was first reported, and a late one adds no time', () => {
    const T2 = new Date(T1.getTime() + 60_000);
    const T3 = new Date(T1.getTime() + 120_000);
    const m = sent();
    m.applyDeliveryStatus('read', null, T2);
    m.applyDeliveryStatus('delivered', null, T3);
    expect(m.snapshot().statusTimes).to.deep.equal({
      sentAt: T1.toISOString(),
      deliveredAt: null,
      readAt: T2.toISOString(),
      failedAt: null,
    });
    expect(pending().snapshot().statusTimes).to.deep.equal({ sentAt: null, deliveredAt: null, readAt: null, failedAt: null });
  });

  it('keeps when a message failed, whether the provider refused it or reported it later', () => {
    const refused = pending();
    refused.fail({ code: '131026', title: 'Undeliverable', detail: null }, T1);
    expect(refused.snapshot().statusTimes).to.include({ sentAt: null, failedAt: T1.toISOString() });
    const T2 = new Date(T1.getTime() + 60_000);
    const reported = sent();
    reported.applyDeliveryStatus('failed', null, T2);
    expect(reported.snapshot().statusTimes).to.include({ sentAt: T1.toISOString(), failedAt: T2.toISOString() });
  });

  it('may be the send a provider echoes back while it waits for the answer: same type and text, no provider id yet', () => {
    expect(pending().awaitsEchoOf(inboundText('Olá'))).to.equal(true);
    expect(pending().awaitsEchoOf(inboundText('Olá!'))).to.equal(false);
    expect(pending().awaitsEchoOf({ ...inboundText('Olá'), type: 'image' })).to.equal(false);
    expect(sent().awaitsEchoOf(inboundText('Olá'))).to.equal(false);
    const echoed = pending();
    expect(echoed.accept('3EB0ECHO', T1)).to.equal(true);
    expect(echoed.accept('3EB0OTHER', T1)).to.equal(false);
    expect(echoed.snapshot().providerMessageId).to.equal('3EB0ECHO');
  });

  it('records an inbound text as received at the time the customer sent it', () => {
    const s = Message.inbound('m2', 'team', thread, inboundText('Oi'), 'wamid.in', T0, T1).snapshot();
    expect(s).to.include({ direction: 'inbound', status: 'received', providerMessageId: 'wamid.in', createdAt: T0.toISOString() });
  });

  it('ignores delivery statuses on an inbound message', () => {
    const m = Message.inbound('m2', 'team', thread, inboundText('Oi'), 'wamid.in', T0, T1);
    expect(m.applyDeliveryStatus('read', null, T1)).to.equal(false);
  });

  describe('inbound, any type', () => {
    const content = (over: Partial<InboundContent>): InboundContent => ({ ...inboundText(''), text: null, ...over });

    it('keeps the type, the media handle, the context, the referral and the raw object', () => {
      const raw = { type: 'image', image: { id: '1479537139650973', caption: 'Nota fiscal' } };
      const referral = {
        sourceUrl: 'https://fb.me/x',
        sourceId: '1202',
        sourceType: 'ad',
        headline: 'Promo',
        body: null,
        mediaType: 'image',
        imageUrl: null,
        videoUrl: null,
        thumbnailUrl: null,
        ctwaClid: 'ARA',
      };
      const s = Message.inbound(
        'm3',
        'team',
        thread,
        content({
          type: 'image',
          text: 'Nota fiscal',
          media: { id: '1479537139650973', mimeType: 'image/jpeg', sha256: 'abc', filename: null, url: null },
          context: { id: 'wamid.OUT', from: '15550783881' },
          referral,
          raw,
        }),
        'wamid.img',
        T0,
        T1,
      ).snapshot();
      expect(s).to.deep.include({
        type: 'image',
        content: 'Nota fiscal',
        status: 'received',
        error: null,
        raw,
        referral,
        media: { id: '1479537139650973', mimeType: 'image/jpeg', sha256: 'abc', filename: null, url: null },
        context: { id: 'wamid.OUT', from: '15550783881' },
      });
    });

    it('gives a message with nothing readable a placeholder naming its type', () => {
      expect(Message.inbound('m4', 'team', thread, content({ type: 'sticker' }), 'w1', T0, T1).snapshot().content).to.equal('[sticker]');
      expect(Message.inbound('m5', 'team', thread, content({ type: 'audio', text: '  ' }), 'w2', T0, T1).snapshot().content).to.equal(
        '[audio]',
      );
      expect(Message.inbound('m6', 'team', thread, content({ type: ' ' }), 'w3', T0, T1).snapshot()).to.include({
        type: 'unknown',
        content: '[unknown]',
      });
    });

    it('keeps the provider error of an unsupported message, still received', () => {
      const error = { code: '131051', title: 'Message type unknown', detail: 'Message type is currently not supported.' };
      const s = Message.inbound('m7', 'team', thread, content({ type: 'unsupported', error }), 'w4', T0, T1).snapshot();
      expect(s).to.deep.include({ status: 'received', error, content: '[unsupported]' });
    });

    it('drops a media, context or referral whose every field is empty', () => {
      const empty = { id: null, mimeType: null, sha256: null, filename: null, url: null };
      const s = Message.inbound(
        'm8',
        'team',
        thread,
        content({ type: 'image', media: empty, context: { id: null, from: null } }),
        'w5',
        T0,
        T1,
      ).snapshot();
      expect(s).to.include({ media: null, context: null });
    });

    it('does not share nested values with the caller', () => {
      const raw = { type: 'text', text: { body: 'oi' } };
      const m = Message.inbound('m9', 'team', thread, content({ type: 'text', text: 'oi', raw }), 'w6', T0, T1);
      raw.text.body = 'changed';
      expect(m.snapshot().raw).to.deep.equal({ type: 'text', text: { body: 'oi' } });
    });

    it('cuts text longer than it keeps and leaves out identifiers longer than it keeps, the raw object whole', () => {
      const long = (n: number) => 'x'.repeat(n);
      const raw = { type: long(40) };
      const given = content({
        type: long(40),
        media: { id: long(256), mimeType: long(300), sha256: long(256), filename: long(5000), url: null },
        context: { id: long(256), from: long(65) },
        raw,
      });
      const fitted = fitInboundContent(given);
      expect(fitted.cut).to.deep.equal(['type', 'media.mimeType']);
      expect(fitted.omitted).to.deep.equal(['media.id', 'media.sha256', 'context.id', 'context.from']);
      const s = Message.inbound('m10', 'team', thread, given, 'w7', T0, T1).snapshot();
      expect(s).to.deep.include({
        type: long(MESSAGE_LENGTHS.type),
        content: `[${long(MESSAGE_LENGTHS.type)}]`,
        media: { id: null, mimeType: long(MESSAGE_LENGTHS.mediaMimeType), sha256: null, filename: long(5000), url: null },
        context: null,
        raw,
      });
      expect(given.type, 'the caller keeps its own').to.equal(long(40));
    });

    it('keeps values at their length untouched, and reports nothing', () => {
      const given = content({
        type: 'x'.repeat(32),
        media: { id: 'i'.repeat(255), mimeType: 'm'.repeat(255), sha256: 's'.repeat(255), filename: null, url: null },
        context: { id: 'c'.repeat(255), from: '1'.repeat(64) },
      });
      expect(fitInboundContent(given)).to.deep.equal({ content: given, cut: [], omitted: [] });
    });

    it('refuses a provider id longer than it keeps, which it could not find again cut', () => {
      expect(Message.keepsProviderMessageId('w'.repeat(MESSAGE_LENGTHS.providerMessageId))).to.equal(true);
      expect(Message.keepsProviderMessageId('w'.repeat(MESSAGE_LENGTHS.providerMessageId + 1))).to.equal(false);
      expect(() => Message.inbound('m11', 'team', thread, inboundText('oi'), 'w'.repeat(256), T0, T1))
        .to.throw(ValidationFailed)
        .with.deep.property('details', { field: 'id' });
    });

    it('counts length in characters as PostgreSQL does, and never cuts a character in two', () => {
      const smile = '\u{1F600}';
      expect(fitsLength(smile.repeat(32), 32), '64 UTF-16 units, 32 characters').to.equal(true);
      expect(fitsLength(smile.repeat(33), 32)).to.equal(false);
      expect(cutToLength(smile.repeat(33), 32)).to.equal(smile.repeat(32));
      expect(cutToLength(`a${smile}`, 1)).to.equal('a');
      expect(cutToLength('short', 32)).to.equal('short');
    });

    it('opens the service window for anything the customer sends, not for a system notice', () => {
      for (const type of ['text', 'image', 'reaction', 'interactive', 'unsupported']) expect(opensServiceWindow(type), type).to.equal(true);
      expect(opensServiceWindow('system')).to.equal(false);
    });
  });

  describe('sent elsewhere (from the phone, echoed back by the provider)', () => {
    const image: InboundContent = {
      ...inboundText(''),
      type: 'image',
      text: 'Segue o orçamento',
      media: { id: null, mimeType: 'image/jpeg', sha256: 'cGF5bG9hZA==', filename: null, url: null },
    };

    it('is outbound and already sent, with the provider id, the readable text and the media', () => {
      const m = Message.sentElsewhere('m9', 'team', thread, image, '3EB0C767D26A1D6F', T0, T1).snapshot();
      expect(m).to.deep.include({
        direction: 'outbound',
        status: 'sent',
        type: 'image',
        content: 'Segue o orçamento',
        providerMessageId: '3EB0C767D26A1D6F',
        createdAt: T0.toISOString(),
        updatedAt: T1.toISOString(),
      });
      expect(m.media).to.deep.equal(image.media);
      expect(m.statusTimes).to.deep.equal({ sentAt: T0.toISOString(), deliveredAt: null, readAt: null, failedAt: null });
    });

    it('moves on with later delivery statuses, as a message this API sent', () => {
      const m = Message.sentElsewhere('m9', 'team', thread, inboundText('Oi'), '3EB0C767D26A1D6F', T0, T0);
      expect(m.applyDeliveryStatus('delivered', null, T1)).to.equal(true);
      expect(m.applyDeliveryStatus('sent', null, T1)).to.equal(false);
      expect(m.status).to.equal('delivered');
    });

    it('gives a placeholder to a message with nothing to read', () => {
      const m = Message.sentElsewhere('m9', 'team', thread, { ...inboundText(''), type: 'sticker', text: null }, 'X', T0, T0);
      expect(m.snapshot().content).to.equal('[sticker]');
    });
  });
});
