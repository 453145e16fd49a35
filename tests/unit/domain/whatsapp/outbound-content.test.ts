import { expect } from 'chai';
import { ValidationFailed } from '../../../../domain/shared/errors';
import { Conversation, WindowClosed } from '../../../../domain/whatsapp/conversation';
import { Inbox } from '../../../../domain/whatsapp/inbox';
import { Message } from '../../../../domain/whatsapp/message';
import {
  MEDIA_FILE_LIMITS,
  assertMediaFileFits,
  outboundContent,
  readableText,
  withStatedType,
} from '../../../../domain/whatsapp/outbound-content';

const T0 = new Date('2026-03-01T10:00:00.000Z');
const MB = 1024 * 1024;
const template = {
  name: 'boas_vindas',
  language: 'pt_BR',
  components: [
    { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example.com.br/loja.png' } }] },
    {
      type: 'body',
      parameters: [
        { type: 'text', text: 'Conceição' },
        { type: 'currency', currency: { fallback_value: 'R$ 1.250,00', code: 'BRL', amount_1000: 1250000 } },
        { type: 'date_time', date_time: { fallback_value: '15/12' } },
      ],
    },
  ],
};
const fieldOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (e) {
    expect(e).to.be.instanceOf(ValidationFailed);
    return (e as ValidationFailed).details?.field as string | undefined;
  }
  throw new Error('expected a ValidationFailed');
};

describe('Outbound content', () => {
  it('takes exactly one of content, template or media, naming the field otherwise', () => {
    expect(outboundContent({ content: 'Olá' })).to.deep.equal({ kind: 'text', text: 'Olá' });
    expect(fieldOf(() => outboundContent({}))).to.equal('content');
    expect(fieldOf(() => outboundContent({ content: 'Olá', template }))).to.equal('template');
    expect(fieldOf(() => outboundContent({ template, media: { type: 'image', url: 'https://x.example/a.png' } }))).to.equal('media');
    expect(fieldOf(() => outboundContent({ template: { ...template, name: 'Boas Vindas' } }))).to.equal('template');
    expect(fieldOf(() => outboundContent({ template: { ...template, components: Array(11).fill({ type: 'body' }) } }))).to.equal(
      'template',
    );
    expect(fieldOf(() => outboundContent({ media: { type: 'sticker', url: 'https://x.example/a.webp' } }))).to.equal('media');
    expect(fieldOf(() => outboundContent({ media: { type: 'image', url: 'file:///etc/passwd' } }))).to.equal('media.url');
    expect(fieldOf(() => outboundContent({ media: { type: 'audio', url: 'https://x.example/a.ogg', caption: 'oi' } }))).to.equal('media');
  });

  it('reads a template as its name, language and body values, and media as its caption or type and file name', () => {
    expect(readableText(outboundContent({ template }))).to.equal('[template boas_vindas (pt_BR)] Conceição, R$ 1.250,00, 15/12');
    expect(readableText(outboundContent({ template: { name: 'lembrete', language: 'pt_BR' } }))).to.equal('[template lembrete (pt_BR)]');
    const doc = { type: 'document', url: 'https://x.example/p.pdf', filename: 'Proposta comercial.pdf' };
    expect(readableText(outboundContent({ media: doc }))).to.equal('[document] Proposta comercial.pdf');
    expect(readableText(outboundContent({ media: { ...doc, caption: 'Segue a proposta' } }))).to.equal('Segue a proposta');
    expect(readableText(outboundContent({ media: { type: 'image', url: 'https://x.example/a.png' } }))).to.equal('[image]');
  });

  it('is stored as its type, with the template or the link and file name', () => {
    const thread = { id: 'v1', inboxId: 'i1', contactId: 'c1' };
    const t = Message.outgoing('m1', 'team', thread, outboundContent({ template }), T0).snapshot();
    expect(t).to.deep.include({ type: 'template', template, media: null, status: 'pending' });
    const sent = withStatedType(
      outboundContent({ media: { type: 'document', url: 'https://x.example/p.pdf', filename: 'p.pdf' } }),
      'Application/PDF; q=1',
    );
    const unknown = withStatedType(
      outboundContent({ media: { type: 'document', url: 'https://x.example/p.pdf' } }),
      'application/octet-stream',
    );
    expect(unknown.kind === 'media' && unknown.media.mimeType).to.equal(null);
    const m = Message.outgoing('m2', 'team', thread, sent, T0).snapshot();
    expect(m).to.deep.include({ type: 'document', template: null, content: '[document] p.pdf' });
    expect(m.media).to.deep.equal({
      id: null,
      mimeType: 'application/pdf',
      sha256: null,
      filename: 'p.pdf',
      url: 'https://x.example/p.pdf',
    });
  });

  it("holds a stated file to the Cloud API's types and sizes, and lets one that says nothing through", () => {
    expect(MEDIA_FILE_LIMITS.image).to.deep.equal({ types: ['image/jpeg', 'image/png'], maxBytes: 5 * MB });
    expect(MEDIA_FILE_LIMITS.document.maxBytes).to.equal(100 * MB);
    assertMediaFileFits('image', { contentType: 'image/png', contentLength: 5 * MB });
    assertMediaFileFits('audio', { contentType: 'audio/ogg; codecs=opus', contentLength: null });
    assertMediaFileFits('document', { contentType: 'application/zip', contentLength: 100 * MB });
    assertMediaFileFits('video', { contentType: null, contentLength: null });
    // Meta's table names 3GPP video `video/3gp`; servers send the registered `video/3gpp`.
    assertMediaFileFits('video', { contentType: 'video/3gp', contentLength: 1000 });
    assertMediaFileFits('video', { contentType: 'video/3gpp', contentLength: 1000 });
    // Many file hosts state octet-stream for every file: that says nothing, and the provider judges the file.
    assertMediaFileFits('image', { contentType: 'application/octet-stream', contentLength: 1000 });
    expect(fieldOf(() => assertMediaFileFits('image', { contentType: 'image/png', contentLength: 5 * MB + 1 }))).to.equal('media.url');
    expect(fieldOf(() => assertMediaFileFits('video', { contentType: 'video/quicktime', contentLength: 10 }))).to.equal('media.url');
    expect(fieldOf(() => assertMediaFileFits('document', { contentType: null, contentLength: 100 * MB + 1 }))).to.equal('media.url');
  });

  it('lets a template out of the window and open a Cloud API conversation; text and media stay within it', () => {
    const cloud = Inbox.create('i1', 't', { name: 'Vendas', channel: 'cloud_api', phoneNumberId: '1', accessToken: 'x' }, T0);
    const evolution = Inbox.create(
      'i2',
      't',
      { name: 'Loja', channel: 'evolution', baseUrl: 'https://evo.example.com', instance: 'a', apiKey: 'k' },
      T0,
    );
    expect([cloud.canOpenWith('template'), cloud.canOpenWith('text'), cloud.canOpenWith('media')]).to.deep.equal([true, false, false]);
    expect(evolution.canOpenWith('media')).to.equal(true);
    expect(fieldOf(() => evolution.assertSends('template'))).to.equal('template');
    cloud.assertSends('template');
    const v = Conversation.open('v1', 't', cloud, 'c1', T0);
    v.allowOutbound('template', T0);
    expect(() => v.allowOutbound('media', T0)).to.throw(WindowClosed);
  });
});
