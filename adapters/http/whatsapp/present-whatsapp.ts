import { ContactData } from '../../../domain/whatsapp/contact';
import { InboxData } from '../../../domain/whatsapp/inbox';
import { MessageData } from '../../../domain/whatsapp/message';

/** The contact record of DECISIONS.md; the phone key and team stay inside. */
export const presentContact = (c: ContactData) => ({
  id: c.id,
  phone: c.phone,
  jid: c.jid,
  push_name: c.pushName,
  custom_name: c.customName,
  notes: c.notes,
  tags: [...c.tags],
  client_id: c.clientId,
  created_at: c.createdAt,
  updated_at: c.updatedAt,
});

/** The message record of DECISIONS.md. */
export const presentMessage = (m: MessageData) => ({
  id: m.id,
  conversation_id: m.conversationId,
  inbox_id: m.inboxId,
  contact_id: m.contactId,
  direction: m.direction,
  type: m.type,
  content: m.content,
  status: m.status,
  provider_message_id: m.providerMessageId,
  created_at: m.createdAt,
});

/** What the operator sees of an inbox: never its credentials. */
export const presentInbox = (i: InboxData) => ({ id: i.id, name: i.name, channel: i.channel, is_active: i.isActive });
