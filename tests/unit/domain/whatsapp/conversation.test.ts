import { expect } from 'chai';
import { Conflict } from '../../../../domain/shared/errors';
import { Conversation, WindowClosed } from '../../../../domain/whatsapp/conversation';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3600_000);
const cloud = () => Conversation.open('v1', 'team', { id: 'i1', channel: 'cloud_api' }, 'c1', T0);

describe('Conversation', () => {
  it('starts with the service window closed', () => {
    const v = cloud();
    expect(v.isWindowOpen(T0)).to.equal(false);
    expect(() => v.allowFreeText(T0)).to.throw(WindowClosed);
  });

  it('opens the window for 24 hours from the customer last message', () => {
    const v = cloud();
    v.receiveInbound(T0, T0);
    expect(v.isWindowOpen(at(23.99))).to.equal(true);
    expect(() => v.allowFreeText(at(23.99))).not.to.throw();
    expect(v.isWindowOpen(at(24))).to.equal(false);
  });

  it('refuses free text outside the window with 409 customer_service_window_closed', () => {
    const v = cloud();
    v.receiveInbound(T0, T0);
    try {
      v.allowFreeText(at(25));
      expect.fail('expected the window to be closed');
    } catch (e) {
      expect(e).to.be.instanceOf(Conflict);
      expect((e as Conflict).code).to.equal('customer_service_window_closed');
    }
  });

  it('keeps the newest inbound time when an older message is reported late', () => {
    const v = cloud();
    v.receiveInbound(at(10), at(10));
    v.receiveInbound(at(1), at(11));
    expect(v.snapshot().lastInboundAt).to.equal(at(10).toISOString());
    expect(v.isWindowOpen(at(30))).to.equal(true);
  });

  it('does not apply the window on channels other than the Cloud API', () => {
    const v = Conversation.open('v2', 'team', { id: 'i2', channel: 'evolution' }, 'c1', T0);
    expect(() => v.allowFreeText(at(100))).not.to.throw();
  });

  it('an outbound message does not reopen the window', () => {
    const v = cloud();
    v.receiveInbound(T0, T0);
    v.recordOutbound(at(20));
    expect(v.isWindowOpen(at(25))).to.equal(false);
    expect(v.snapshot().lastMessageAt).to.equal(at(20).toISOString());
  });

  it('a system notice is the latest activity but does not open the window', () => {
    const v = cloud();
    v.receiveNotice(at(1), at(2));
    expect(v.isWindowOpen(at(2))).to.equal(false);
    expect(v.snapshot()).to.include({ lastInboundAt: null, lastMessageAt: at(1).toISOString(), updatedAt: at(2).toISOString() });
  });

  it('keeps the first ad referral as its source; a later one does not replace it', () => {
    const ad = (id: string) => ({
      sourceUrl: `https://fb.me/${id}`,
      sourceId: id,
      sourceType: 'ad',
      headline: 'Promo',
      body: null,
      mediaType: 'image',
      imageUrl: null,
      videoUrl: null,
      thumbnailUrl: null,
      ctwaClid: `clid-${id}`,
    });
    const v = cloud();
    expect(v.noteReferral(null, at(1))).to.equal(false);
    expect(v.snapshot().source).to.equal(null);
    expect(v.noteReferral(ad('first'), at(2))).to.equal(true);
    expect(v.noteReferral(ad('second'), at(3))).to.equal(false);
    expect(v.snapshot()).to.deep.include({ source: ad('first'), updatedAt: at(2).toISOString() });
  });
});
