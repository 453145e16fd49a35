import { B, Static, Type } from '../shared/body';

const contactFields = {
  custom_name: B.optional(B.nullableString()),
  notes: B.optional(B.nullableString()),
  tags: B.optional(B.stringArray()),
  client_id: B.optional(B.nullableUuid()),
};

export const createContactSchema = Type.Object({ phone: B.string(), ...contactFields });

export const updateContactSchema = Type.Object(contactFields);

export const sendMessageSchema = Type.Object({
  content: B.string(),
  conversation_id: B.optional(B.uuid()),
  inbox_id: B.optional(B.uuid()),
  phone: B.optional(B.string()),
});

/** The contact fields a request may set; anything else in a body is ignored. */
export const UPDATABLE_CONTACT_FIELDS = ['custom_name', 'notes', 'tags', 'client_id'] as const satisfies readonly (keyof Static<typeof updateContactSchema>)[];
export const SEND_MESSAGE_FIELDS = ['content', 'conversation_id', 'inbox_id', 'phone'] as const satisfies readonly (keyof Static<typeof sendMessageSchema>)[];
