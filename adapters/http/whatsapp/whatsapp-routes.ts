import Router from '@koa/router';
import { CreateContact, CreateContactInput } from '../../../application/whatsapp/create-contact';
import { DeleteContact } from '../../../application/whatsapp/delete-contact';
import { GetContact } from '../../../application/whatsapp/get-contact';
import { GetConversation } from '../../../application/whatsapp/get-conversation';
import { ListContacts } from '../../../application/whatsapp/list-contacts';
import { ListConversationMessages } from '../../../application/whatsapp/list-conversation-messages';
import { ListConversations } from '../../../application/whatsapp/list-conversations';
import { SendWhatsAppText, SendWhatsAppTextInput } from '../../../application/whatsapp/send-whatsapp-text';
import { UpdateContact } from '../../../application/whatsapp/update-contact';
import { ContactChanges } from '../../../domain/whatsapp/contact';
import { CONTACT_SORT_FIELDS } from '../../../domain/whatsapp/contact-repository';
import { CONVERSATION_SORT_FIELDS } from '../../../domain/whatsapp/conversation-repository';
import { MESSAGE_SORT_FIELDS } from '../../../domain/whatsapp/message-repository';
import { RouteModule } from '../app';
import { many, one } from '../shared/envelope';
import { Ctx, listQuery, pathId, queryUuid, queryValue, teamOf } from '../shared/params';
import { requireSomeField, validator } from '../shared/validation';
import { presentContact, presentConversation, presentConversationMessage, presentMessage } from './present-whatsapp';
import { UPDATABLE_CONTACT_FIELDS, createContactSchema, sendMessageSchema, updateContactSchema } from './whatsapp-schemas';
import { CloudWebhookDeps, cloudWebhookRoutes } from './cloud-webhook-routes';

export interface WhatsAppUseCases {
  listContacts: ListContacts;
  createContact: CreateContact;
  getContact: GetContact;
  updateContact: UpdateContact;
  deleteContact: DeleteContact;
  sendText: SendWhatsAppText;
  listConversations: ListConversations;
  getConversation: GetConversation;
  listConversationMessages: ListConversationMessages;
}

export function whatsappRoutes(uc: WhatsAppUseCases, webhook: CloudWebhookDeps): RouteModule {
  const parseCreate = validator<CreateContactInput>(createContactSchema);
  const parseUpdate = validator<ContactChanges>(updateContactSchema);
  const parseSend = validator<SendWhatsAppTextInput>(sendMessageSchema);
  const router = new Router();

  router.get('/whatsapp/contacts', async (ctx: Ctx) => {
    const query = listQuery(ctx, { sortable: CONTACT_SORT_FIELDS });
    const filter = { tag: queryValue(ctx, 'tag'), clientId: queryUuid(ctx, 'client_id') };
    ctx.body = many(await uc.listContacts.execute(teamOf(ctx), filter, query), query, presentContact);
  });

  router.post('/whatsapp/contacts', async (ctx: Ctx) => {
    const input = parseCreate(ctx.request.body);
    const { contact, reused } = await uc.createContact.execute(teamOf(ctx), input);
    ctx.status = reused ? 200 : 201;
    ctx.body = one(reused ? { ...presentContact(contact), reused: true } : presentContact(contact));
  });

  router.get('/whatsapp/contacts/:id', async (ctx: Ctx) => {
    ctx.body = one(presentContact(await uc.getContact.execute(teamOf(ctx), pathId(ctx))));
  });

  router.put('/whatsapp/contacts/:id', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const changes = parseUpdate(ctx.request.body);
    requireSomeField(changes as Record<string, unknown>, UPDATABLE_CONTACT_FIELDS);
    ctx.body = one(presentContact(await uc.updateContact.execute(teamOf(ctx), id, changes)));
  });

  router.delete('/whatsapp/contacts/:id', async (ctx: Ctx) => {
    ctx.body = one(await uc.deleteContact.execute(teamOf(ctx), pathId(ctx)));
  });

  router.post('/whatsapp/messages', async (ctx: Ctx) => {
    const input = parseSend(ctx.request.body);
    const { message, reused } = await uc.sendText.execute(teamOf(ctx), input);
    ctx.status = 201;
    ctx.body = one({ ...presentMessage(message), reused });
  });

  router.get('/whatsapp/conversations', async (ctx: Ctx) => {
    const query = listQuery(ctx, { sortable: CONVERSATION_SORT_FIELDS });
    const input = { inboxId: queryUuid(ctx, 'inbox_id'), contactId: queryUuid(ctx, 'contact_id'), updatedSince: queryValue(ctx, 'updated_since') };
    ctx.body = many(await uc.listConversations.execute(teamOf(ctx), input, query), query, presentConversation);
  });

  router.get('/whatsapp/conversations/:id', async (ctx: Ctx) => {
    ctx.body = one(presentConversation(await uc.getConversation.execute(teamOf(ctx), pathId(ctx))));
  });

  // Newest first unless `sort=created_at` asks for the oldest first.
  router.get('/whatsapp/conversations/:id/messages', async (ctx: Ctx) => {
    const id = pathId(ctx);
    const query = listQuery(ctx, { sortable: MESSAGE_SORT_FIELDS });
    ctx.body = many(await uc.listConversationMessages.execute(teamOf(ctx), id, query), query, presentConversationMessage);
  });

  return { keyed: router, public: cloudWebhookRoutes(webhook) };
}
