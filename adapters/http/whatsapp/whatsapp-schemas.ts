import { S } from '../shared/validation';

const contactFields = {
  custom_name: S.nullableString,
  notes: S.nullableString,
  tags: S.stringArray,
  client_id: S.nullableUuid,
};

export const createContactSchema = {
  type: 'object',
  required: ['phone'],
  properties: { phone: S.string, ...contactFields },
};

export const UPDATABLE_CONTACT_FIELDS = ['custom_name', 'notes', 'tags', 'client_id'] as const;

export const updateContactSchema = { type: 'object', properties: contactFields };

export const sendMessageSchema = {
  type: 'object',
  required: ['content'],
  properties: {
    content: S.string,
    conversation_id: S.uuid,
    inbox_id: S.uuid,
    phone: S.string,
  },
};
