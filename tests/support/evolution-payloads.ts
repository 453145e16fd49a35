// Evolution API v2 webhook bodies, shaped as its webhook controller sends them (`{ event, instance, data,
// destination, date_time, sender, server_url, apikey }`), with `data` as its Baileys channel service writes
// it: the message (`key`, `pushName`, `message`, `messageType`, `messageTimestamp`, `contextInfo`…) for
// `messages.upsert` / `send.message`, a status (`keyId`, `remoteJid`, `fromMe`, `status`) for
// `messages.update`, the session's state for `connection.update`.
type Json = Record<string, any>;

export const EVOLUTION_INSTANCE = 'loja';
export const BUSINESS_JID = '5511955554444@s.whatsapp.net';
export const CUSTOMER = '5511987654321';
/** The same customer, written without the 9th digit (older Brazilian mobile numbers). */
export const CUSTOMER_8_DIGITS = '551187654321';
export const jid = (phone: string) => `${phone}@s.whatsapp.net`;

const now = () => Math.floor(Date.now() / 1000);

/** The envelope of every body. */
export const evolutionBody = (event: string, data: unknown, apikey: string | undefined, dateTime = new Date().toISOString()): Json => ({
  event,
  instance: EVOLUTION_INSTANCE,
  data,
  destination: 'https://workspace.example.com/api/v1/whatsapp/evolution/inbox/webhook',
  date_time: dateTime,
  sender: BUSINESS_JID,
  server_url: 'https://evo.example.com',
  ...(apikey === undefined ? {} : { apikey }),
});

/** `data` of `messages.upsert`: one message of a chat. */
export const upsertData = (id: string, messageType: string, message: Json, over: Json = {}): Json => ({
  key: { remoteJid: jid(CUSTOMER), fromMe: false, id },
  pushName: 'João Pedro Araújo',
  status: 'DELIVERY_ACK',
  message: { ...message, messageContextInfo: { deviceListMetadataVersion: 2 } },
  messageType,
  messageTimestamp: now(),
  instanceId: '4a7e5c2b-8d1f-4e3a-9b6c-1f2e3d4c5b6a',
  source: 'android',
  ...over,
});

const QUOTE = { stanzaId: '3EB0A1B2C3D4E5F60718', participant: BUSINESS_JID, quotedMessage: { conversation: 'Qual cor prefere?' } };

/** One message per type Evolution delivers: [id, messageType, message]. */
export const MESSAGE_FIXTURES: Record<string, [string, string, Json]> = {
  conversation: ['3EB0C0NVERSATION01', 'conversation', { conversation: 'Olá, tudo bem?' }],
  extended: ['3EB0EXTENDEDTEXT01', 'extendedTextMessage', { extendedTextMessage: { text: 'Prefiro azul', contextInfo: QUOTE } }],
  image: [
    '3EB0IMAGE000000001',
    'imageMessage',
    {
      imageMessage: {
        url: 'https://mmg.whatsapp.net/o1/v/t62.7118-24/f1/m231/up-oil-image.enc',
        mimetype: 'image/jpeg',
        caption: 'Nota fiscal',
        fileSha256: 'vG1S3v6ogC1nqoUgc3r8vyD5sjpV2jG9hpbdcsvSuHQ=',
        fileLength: '48213',
        height: 1280,
        width: 960,
        mediaKey: 'cT0yYWtVxR5DkYbG8Vqf1m3cF1WfQ6pQfE0b7p9KZ3s=',
        fileEncSha256: 'Nn8D1o7d3bzHh8F2s7Z3O9kQ8uJ8VbZr4h1lV8E3m2c=',
        directPath: '/o1/v/t62.7118-24/f1/m231/up-oil-image.enc',
        mediaKeyTimestamp: '1733150000',
        jpegThumbnail:
          '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/',
      },
    },
  ],
  video: [
    '3EB0VIDEO000000001',
    'videoMessage',
    {
      videoMessage: {
        mimetype: 'video/mp4',
        caption: 'Como ficou',
        seconds: 12,
        fileSha256: 'dmlkZW8tc2hhMjU2LWJhc2U2NA==',
        fileName: 'obra.mp4',
      },
    },
  ],
  voice: [
    '3EB0AUDIO000000001',
    'audioMessage',
    { audioMessage: { mimetype: 'audio/ogg; codecs=opus', seconds: 7, ptt: true, fileSha256: 'YXVkaW8tc2hhMjU2LWJhc2U2NA==' } },
  ],
  document: [
    '3EB0DOCUMENT000001',
    'documentMessage',
    {
      documentMessage: {
        mimetype: 'application/pdf',
        title: 'orcamento.pdf',
        fileName: 'orcamento.pdf',
        pageCount: 2,
        fileSha256: 'ZG9jLXNoYTI1Ni1iYXNlNjQ=',
      },
    },
  ],
  documentWithCaption: [
    '3EB0DOCCAPTION0001',
    'documentWithCaptionMessage',
    {
      documentWithCaptionMessage: {
        message: {
          documentMessage: {
            mimetype: 'application/pdf',
            fileName: 'contrato.pdf',
            caption: 'Contrato assinado',
            fileSha256: 'Y29udHJhdG8=',
          },
        },
      },
    },
  ],
  sticker: [
    '3EB0STICKER0000001',
    'stickerMessage',
    { stickerMessage: { mimetype: 'image/webp', isAnimated: false, fileSha256: 'c3RpY2tlcg==' } },
  ],
  location: [
    '3EB0LOCATION00001',
    'locationMessage',
    { locationMessage: { degreesLatitude: -23.561414, degreesLongitude: -46.655881, name: 'MASP', address: 'Av. Paulista, 1578' } },
  ],
  pin: ['3EB0PIN0000000001', 'locationMessage', { locationMessage: { degreesLatitude: -22.951916, degreesLongitude: -43.210487 } }],
  contact: [
    '3EB0CONTACT000001',
    'contactMessage',
    {
      contactMessage: {
        displayName: 'Maria Souza',
        vcard:
          'BEGIN:VCARD\nVERSION:3.0\nN:Souza;Maria;;;\nFN:Maria Souza\nitem1.TEL;waid=5521998887777:+55 21 99888-7777\nitem1.X-ABLabel:Celular\nEND:VCARD',
      },
    },
  ],
  contacts: [
    '3EB0CONTACTS00001',
    'contactsArrayMessage',
    {
      contactsArrayMessage: {
        displayName: '2 contatos',
        contacts: [
          { displayName: 'Ana', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;waid=5531988887777:+55 31 98888-7777\nEND:VCARD' },
          { displayName: 'Bruno', vcard: 'BEGIN:VCARD\nVERSION:3.0\nFN:Bruno\nEND:VCARD' },
        ],
      },
    },
  ],
  reaction: [
    '3EB0REACTION00001',
    'reactionMessage',
    {
      reactionMessage: {
        key: { remoteJid: jid(CUSTOMER), fromMe: true, id: '3EB0OUTBOUND00001' },
        text: '👍',
        senderTimestampMs: '1733150000000',
      },
    },
  ],
  buttons: [
    '3EB0BUTTONS000001',
    'buttonsResponseMessage',
    { buttonsResponseMessage: { selectedButtonId: 'confirmar', selectedDisplayText: 'Confirmar', contextInfo: QUOTE } },
  ],
  list: [
    '3EB0LIST000000001',
    'listResponseMessage',
    {
      listResponseMessage: {
        title: 'Entrega expressa',
        listType: 'SINGLE_SELECT',
        singleSelectReply: { selectedRowId: 'expressa' },
        description: 'Em até 2 dias',
      },
    },
  ],
  template: [
    '3EB0TEMPLATE00001',
    'templateButtonReplyMessage',
    { templateButtonReplyMessage: { selectedId: 'parar-promocoes', selectedDisplayText: 'Parar promoções', selectedIndex: 1 } },
  ],
  poll: [
    '3EB0POLL000000001',
    'pollCreationMessageV3',
    { pollCreationMessageV3: { name: 'Melhor dia?', options: [{ optionName: 'Sábado' }] } },
  ],
};

/** `data` of `messages.update`, as v2 writes it (`keyId` is the WhatsApp id; `messageId` Evolution's row). */
export const updateData = (keyId: string, status: string | number, remote = CUSTOMER): Json => ({
  messageId: 'cm4b7x0p10001qz8k2v6h3j9d',
  keyId,
  remoteJid: jid(remote),
  fromMe: true,
  participant: jid(remote),
  status,
  instanceId: '4a7e5c2b-8d1f-4e3a-9b6c-1f2e3d4c5b6a',
});

/** `data` of `connection.update`. */
export const connectionData = (state: string, statusReason = state === 'open' ? 200 : 401): Json => ({
  instance: EVOLUTION_INSTANCE,
  state,
  statusReason,
  wuid: BUSINESS_JID,
  profileName: 'Loja',
});
