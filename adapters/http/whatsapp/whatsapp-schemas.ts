import { MAX_TEXT_LENGTH } from '../../../domain/whatsapp/message';
import { CONTACT_CHANGE_FIELDS } from '../../../domain/whatsapp/contact';
import { B, Static, Text, Type, requestFields } from '../shared/body';

/** Every field of `CONTACT_CHANGE_FIELDS`, as the request names it. */
const contactFields = {
  custom_name: B.optional(B.nullableString(Text.name)),
  notes: B.optional(B.nullableString(Text.long)),
  tags: B.optional(B.tags()),
  client_id: B.optional(B.nullableUuid()),
};

export const createContactSchema = Type.Object({ phone: B.string(Text.phone), ...contactFields });

export const updateContactSchema = Type.Object(contactFields);

export const sendMessageSchema = Type.Object({
  /** WhatsApp's own limit on a text message. */
  content: B.string(MAX_TEXT_LENGTH),
  conversation_id: B.optional(B.uuid()),
  inbox_id: B.optional(B.uuid()),
  phone: B.optional(B.string(Text.phone)),
});

/** The contact fields a request may set, as it names them, in the domain's order; anything else in a body is ignored. */
export const UPDATABLE_CONTACT_FIELDS = requestFields(CONTACT_CHANGE_FIELDS);
export const SEND_MESSAGE_FIELDS = ['content', 'conversation_id', 'inbox_id', 'phone'] as const satisfies readonly (keyof Static<
  typeof sendMessageSchema
>)[];
