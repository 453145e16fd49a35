// Meta's Cloud API webhook bodies, shaped as Meta's own examples (entry[].changes[].value).

/** The body for one text message from `from` to the number `phoneNumberId`, sent now unless `timestamp` says otherwise. */
export const metaTextMessage = (
  phoneNumberId: string, from: string, id: string,
  { body = 'Olá, tudo bem? 👋', timestamp = String(Math.floor(Date.now() / 1000)) }: { body?: string; timestamp?: unknown } = {},
) => ({
  object: 'whatsapp_business_account',
  entry: [{
    id: '102290129340398',
    changes: [{
      field: 'messages',
      value: {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
        contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: from }],
        messages: [{ from, id, timestamp, type: 'text', text: { body } }],
      },
    }],
  }],
});
