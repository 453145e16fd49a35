// Meta's Cloud API webhook bodies, shaped as Meta's own examples (entry[].changes[].value).

/** Meta's test business number, as its examples show it. */
export const META_BUSINESS_NUMBER = '15550783881';

/** The envelope every Cloud API webhook body has: one entry, one change of the `messages` field holding `value`. */
export const metaEnvelope = (phoneNumberId: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: META_BUSINESS_NUMBER, phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
});

/** The body for one text message from `from` to the number `phoneNumberId`, sent now unless `timestamp` says otherwise. */
export const metaTextMessage = (
  phoneNumberId: string,
  from: string,
  id: string,
  { body = 'Olá, tudo bem? 👋', timestamp = String(Math.floor(Date.now() / 1000)) }: { body?: string; timestamp?: unknown } = {},
) =>
  metaEnvelope(phoneNumberId, {
    contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: from }],
    messages: [{ from, id, timestamp, type: 'text', text: { body } }],
  });

/** The Click-to-WhatsApp ad of the text page's referral example. */
export const META_AD_REFERRAL = {
  source_url: 'https://fb.me/3cr4Wqqkv',
  source_id: '120226305854810726',
  source_type: 'ad',
  body: 'Summer succulents are here!',
  headline: 'Chat with us',
  media_type: 'image',
  image_url: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/518949576_n.png',
  ctwa_clid: 'Aff-n8ZTODiE79d22KtAwQKj9e_mIEOOj27vDVwFjN80dp4_0N',
  welcome_message: { text: 'Hi there! Let us know how we can help!' },
};

/**
 * One message object per type, as its page of the Cloud API's "Messages webhook reference" shows it, with
 * the page's example values (one page per type, under
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/).
 */
export const META_MESSAGES: Record<string, Record<string, any>> = {
  // "Text messages webhook reference"
  text: { id: 'wamid.TEXT', type: 'text', text: { body: 'Does it come in another color?' } },
  // "Image messages webhook reference"
  image: {
    id: 'wamid.IMAGE',
    type: 'image',
    image: {
      caption: 'Sample image caption',
      mime_type: 'image/jpeg',
      sha256: 'SfInY0gHMdU5JcNSPn8Lx1+U8hTlG9Ffgx5WhaT8UlE=',
      id: '1003383421387256',
      url: 'https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1003383421387256&ext=1744344496',
    },
  },
  // "Audio messages webhook reference" (a voice note)
  audio: {
    id: 'wamid.AUDIO',
    type: 'audio',
    audio: {
      mime_type: 'audio/ogg; codecs=opus',
      sha256: '8M4Efkx0qJvEgQ0m1exIt+ZvoJe0xqTtNvJvPrNJ0Ts=',
      id: '1128393389108470',
      voice: true,
    },
  },
  // "Video messages webhook reference"
  video: {
    id: 'wamid.VIDEO',
    type: 'video',
    video: {
      caption: 'Beach day!',
      mime_type: 'video/mp4',
      sha256: 'X1gmpyZZjSjLCdkv8Nl40j+Tgjr3Q+LoblT4WYEY1EY=',
      id: '1165285285082436',
    },
  },
  // "Document messages webhook reference"
  document: {
    id: 'wamid.DOCUMENT',
    type: 'document',
    document: {
      filename: 'receipt.pdf',
      mime_type: 'application/pdf',
      sha256: 'pHv1Tl/Ej1a1fHLJ0tbpbqXY0cRh1mbzeAbcqmaGcXs=',
      id: '1315553166261486',
    },
  },
  // "Sticker messages webhook reference"
  sticker: {
    id: 'wamid.STICKER',
    type: 'sticker',
    sticker: { mime_type: 'image/webp', sha256: 'SbSNmNTj6Vq7jdYDJVLH8Q69xXeYjYOnPRvAi9WMOIo=', id: '1384223919496669', animated: false },
  },
  // "Location messages webhook reference"
  location: {
    id: 'wamid.LOCATION',
    type: 'location',
    location: {
      address: '1 Hacker Way, Menlo Park, CA 94025',
      latitude: 37.483307,
      longitude: -122.148981,
      name: 'Meta Headquarters',
      url: 'https://meta.com',
    },
  },
  // the same page: a shared pin, without a name or an address
  pin: { id: 'wamid.PIN', type: 'location', location: { latitude: -23.561414, longitude: -46.655881 } },
  // "Contacts messages webhook reference"
  contacts: {
    id: 'wamid.CONTACTS',
    type: 'contacts',
    contacts: [
      {
        addresses: [
          {
            city: 'Menlo Park',
            country: 'United States',
            country_code: 'us',
            state: 'CA',
            street: '1 Hacker Way',
            type: 'WORK',
            zip: '94025',
          },
        ],
        birthday: '1999-01-23',
        emails: [{ email: 'bjohnson@whatsapp.com', type: 'WORK' }],
        name: { formatted_name: 'Barbara J. Johnson', first_name: 'Barbara', last_name: 'Johnson', middle_name: 'Joana' },
        org: { company: 'WhatsApp', department: 'Design', title: 'Manager' },
        phones: [{ phone: '+1 (650) 555-1234', wa_id: '16505551234', type: 'WORK' }],
        urls: [{ url: 'https://www.whatsapp.com', type: 'WORK' }],
      },
    ],
  },
  // "Interactive reply buttons messages webhook reference"
  button_reply: {
    id: 'wamid.BUTTON_REPLY',
    type: 'interactive',
    context: { from: META_BUSINESS_NUMBER, id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI3NTc2MDBDMjlFMkE3NzkwNEMA' },
    interactive: { type: 'button_reply', button_reply: { id: 'cancel-button', title: 'Cancel' } },
  },
  // "List messages webhook reference"
  list_reply: {
    id: 'wamid.LIST_REPLY',
    type: 'interactive',
    context: { from: META_BUSINESS_NUMBER, id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJFMkRCRDdFNTRBQjhEQjdDOTEA' },
    interactive: {
      type: 'list_reply',
      list_reply: { id: 'priority_express', title: 'Express Shipping', description: 'Next Day to 2 Days' },
    },
  },
  // "Button messages webhook reference" (a template's quick-reply button)
  button: {
    id: 'wamid.BUTTON',
    type: 'button',
    context: { from: META_BUSINESS_NUMBER, id: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJGMkQ4QTY0RjEyMzk1NDAwRTAA' },
    button: { payload: 'Unsubscribe from Promos', text: 'Unsubscribe' },
  },
  // "Reaction messages webhook reference": a reaction to the text message above
  reaction: { id: 'wamid.REACTION', type: 'reaction', reaction: { message_id: 'wamid.TEXT', emoji: '\uD83D\uDE00' } },
  // the same page: the reaction removed (no emoji)
  unreaction: { id: 'wamid.UNREACTION', type: 'reaction', reaction: { message_id: 'wamid.TEXT' } },
  // "Order messages webhook reference"
  order: {
    id: 'wamid.ORDER',
    type: 'order',
    order: {
      catalog_id: '194836987003835',
      text: 'Can you ship today?',
      product_items: [
        { product_retailer_id: 'di9ozbzfi4', quantity: 2, item_price: 30, currency: 'USD' },
        { product_retailer_id: 'nqryix03ez', quantity: 1, item_price: 25, currency: 'USD' },
      ],
    },
  },
  // "Unsupported messages webhook reference"
  unsupported: {
    id: 'wamid.UNSUPPORTED',
    type: 'unsupported',
    errors: [
      {
        code: 131051,
        title: 'Message type unknown',
        message: 'Message type unknown',
        error_data: { details: 'Message type is currently not supported.' },
      },
    ],
    unsupported: { type: 'poll_update' },
  },
  // "Text messages webhook reference": a message sent from a Click to WhatsApp ad
  referral: { id: 'wamid.REFERRAL', type: 'text', text: { body: 'Can I get more info about this?' }, referral: META_AD_REFERRAL },
};
