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
