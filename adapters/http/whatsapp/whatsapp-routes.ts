import { RecordEvolutionEvents } from '../../../application/whatsapp/record-evolution-events';
import { CreateContact } from '../../../application/whatsapp/create-contact';
import { DeleteContact } from '../../../application/whatsapp/delete-contact';
import { GetContact } from '../../../application/whatsapp/get-contact';
import { GetConversation } from '../../../application/whatsapp/get-conversation';
import { GetMessage } from '../../../application/whatsapp/get-message';
import { ListContacts } from '../../../application/whatsapp/list-contacts';
import { ListTeamInboxes } from '../../../application/whatsapp/list-inboxes';
import { INBOX_SORT_FIELDS } from '../../../domain/whatsapp/inbox-repository';
import { ListConversationMessages } from '../../../application/whatsapp/list-conversation-messages';
import { ListConversations } from '../../../application/whatsapp/list-conversations';
import { SendWhatsAppMessage } from '../../../application/whatsapp/send-whatsapp-message';
import { UpdateContact } from '../../../application/whatsapp/update-contact';
import { CONTACT_SORT_FIELDS } from '../../../domain/whatsapp/contact-repository';
import { CONVERSATION_SORT_FIELDS } from '../../../domain/whatsapp/conversation-repository';
import { MESSAGE_SORT_FIELDS } from '../../../domain/whatsapp/message-repository';
import { RouteModule } from '../app';
import { Type, camelKeys, changesOf, pick } from '../shared/body';
import { one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { Q, updatedSince } from '../shared/query';
import { createOne, getPage, resource } from '../shared/resource';
import { CloudWebhookDeps, cloudWebhookOperations } from './cloud-webhook-routes';
import { evolutionWebhookOperations } from './evolution-webhook-routes';
import {
  contactSchema,
  conversationMessageSchema,
  conversationSchema,
  createdContactSchema,
  deletedSchema,
  inboxSummarySchema,
  presentContact,
  presentInboxSummary,
  presentConversation,
  presentConversationMessage,
  presentDeletedContact,
  presentMessage,
  sentMessageSchema,
} from './present-whatsapp';
import {
  SEND_MESSAGE_FIELDS,
  UPDATABLE_CONTACT_FIELDS,
  createContactSchema,
  sendMessageSchema,
  updateContactSchema,
} from './whatsapp-schemas';
import { DEMO_IDS } from '../shared/demo-ids';

export interface WhatsAppUseCases {
  listContacts: ListContacts;
  createContact: CreateContact;
  getContact: GetContact;
  updateContact: UpdateContact;
  deleteContact: DeleteContact;
  sendMessage: SendWhatsAppMessage;
  listConversations: ListConversations;
  getConversation: GetConversation;
  listConversationMessages: ListConversationMessages;
  getMessage: GetMessage;
  listInboxes: ListTeamInboxes;
}

const TAG = 'WhatsApp';

const contacts = resource({
  path: '/whatsapp/contacts',
  tag: TAG,
  present: presentContact,
  schema: contactSchema,
  name: 'WhatsAppContact',
  exampleId: DEMO_IDS.whatsappContact,
});
const messages = resource({
  path: '/whatsapp/messages',
  tag: TAG,
  present: presentConversationMessage,
  schema: conversationMessageSchema,
  name: 'WhatsAppConversationMessage',
  exampleId: DEMO_IDS.whatsappMessage,
});
const inboxes = resource({
  path: '/whatsapp/inboxes',
  tag: TAG,
  present: presentInboxSummary,
  schema: inboxSummarySchema,
  name: 'WhatsAppInbox',
});
const conversations = resource({
  path: '/whatsapp/conversations',
  tag: TAG,
  present: presentConversation,
  schema: conversationSchema,
  name: 'WhatsAppConversation',
  exampleId: DEMO_IDS.whatsappConversation,
});

export function whatsappRoutes(uc: WhatsAppUseCases, webhook: CloudWebhookDeps, evolution: RecordEvolutionEvents): RouteModule {
  return {
    operations: [
      inboxes.list({
        id: 'listWhatsAppInboxes',
        summary: "List the team's WhatsApp inboxes (never their credentials)",
        description:
          'The numbers the team sends and receives through, as an operator made them (`workspace-admin inbox create`), ' +
          'with the state of their WhatsApp session as the provider last reported it. No access token, API key or ' +
          'other secret is ever shown. Use an inbox `id` as `inbox_id` of POST /whatsapp/messages.',
        list: { sortable: INBOX_SORT_FIELDS },
        query: Type.Object({ ...updatedSince('inboxes') }),
        success: 'A page of inboxes.',
        errors: [400],
        useCase: uc.listInboxes,
      }),
      contacts.list({
        id: 'listWhatsAppContacts',
        summary: "List the team's WhatsApp contacts",
        list: {
          sortable: CONTACT_SORT_FIELDS,
          search: 'Partial match in phone, custom name and push name (accents and case do not matter).',
        },
        query: Type.Object({
          tag: Q.text('Only contacts with this tag.'),
          client_id: Q.uuid('Only contacts linked to this client; a client the team does not have is 404 on `client_id`.'),
          ...updatedSince('contacts'),
        }),
        success: 'A page of contacts.',
        errors: [400, 404],
        useCase: uc.listContacts,
      }),
      operation({
        id: 'createWhatsAppContact',
        method: 'post',
        path: '/whatsapp/contacts',
        tag: TAG,
        access: 'key',
        summary: 'Create a contact, or return the one the number already has',
        description:
          'The phone is read as people type it and kept as digits with the country code. A number that is ' +
          'already a contact (in any variant, such as a Brazilian mobile with or without the ninth digit) is not ' +
          'created again: that contact is answered with 200 and `reused: true`.',
        body: { schema: createContactSchema, example: { phone: '(11) 97654-3210', custom_name: 'Ana Souza', tags: ['vip'] } },
        success: {
          status: 201,
          alsoStatuses: [200],
          name: 'CreatedWhatsAppContact',
          description: 'The contact created (201), or the existing contact of this number with `reused: true` (200).',
          data: createdContactSchema,
        },
        errors: [400, 404],
        async handle(ctx: Ctx, body) {
          const command = { phone: body.phone, ...camelKeys(pick(body, UPDATABLE_CONTACT_FIELDS)) };
          const { contact, reused } = await uc.createContact.execute(teamOf(ctx), command);
          ctx.status = reused ? 200 : 201;
          ctx.body = one(reused ? { ...presentContact(contact), reused: true } : presentContact(contact));
        },
      }),
      contacts.get({
        id: 'getWhatsAppContact',
        summary: 'Read one contact',
        success: 'The contact.',
        errors: [404],
        useCase: uc.getContact,
      }),
      contacts.update({
        id: 'updateWhatsAppContact',
        summary: 'Change the fields sent (custom name, notes, tags, client)',
        description: 'The phone and jid stay as created; other fields sent are ignored. At least one of the updatable fields is required.',
        body: { schema: updateContactSchema, example: { notes: 'Ligar amanhã', tags: ['vip'] } },
        success: 'The contact after the change.',
        errors: [400, 404],
        changes: (body) => changesOf(body, UPDATABLE_CONTACT_FIELDS),
        useCase: uc.updateContact,
      }),
      contacts.delete({
        id: 'deleteWhatsAppContact',
        pathExamples: { id: DEMO_IDS.newWhatsappContact },
        summary: 'Delete a contact for good (409 while it has conversations)',
        success: { description: 'The contact was deleted.', data: deletedSchema, name: 'DeletedWhatsAppContact' },
        errors: [404, 409],
        useCase: uc.deleteContact,
        present: presentDeletedContact,
      }),
      createOne({
        id: 'sendWhatsAppMessage',
        path: '/whatsapp/messages',
        tag: TAG,
        access: 'key',
        summary: "Send a text, an approved template or a media link through one of the team's inboxes",
        description:
          'To an existing conversation (`conversation_id`), or to a phone through an inbox (`inbox_id` and ' +
          '`phone`), which opens the contact and conversation as needed. Exactly one of `content` (text), `template` ' +
          "(an approved template in Meta's shape; Cloud API inboxes only, otherwise 400 on `template`) or `media` " +
          '(image, video, audio or document by link); none or several is 400 naming the field. A template may go out ' +
          "at any time and may open a Cloud API conversation; text and media only within 24 hours of the customer's " +
          'last message: otherwise 409 `customer_service_window_closed`. A media link must be http(s) on a public ' +
          'address (never this API): it is looked at first (HEAD), and a type or size the Cloud API does not take ' +
          '(image: JPEG or PNG up to 5 MB; video: MP4 or 3GPP up to 16 MB; audio: AAC, AMR, MP3, MP4 or OGG up to 16 MB; ' +
          'document: up to 100 MB) is 400 on `media.url`. The message is recorded before the provider is called. 502: the ' +
          "provider failed or refused it (Meta's error is kept on the message), and it may or may not have gone out; " +
          '500 `INTERNAL_ERROR`: the provider accepted it but it could not be saved. There is no idempotency: a retry may ' +
          "send twice. `Location` is the list of the conversation's messages, where it is read back.",
        body: {
          schema: sendMessageSchema,
          examples: {
            text: {
              summary: 'Free text, within the customer service window',
              value: {
                inbox_id: DEMO_IDS.whatsappInbox,
                phone: '(11) 98765-4321',
                content: 'Olá! Sua proposta está pronta.',
              },
            },
            template: {
              summary: 'An approved template (Cloud API), at any time',
              value: {
                inbox_id: DEMO_IDS.whatsappInbox,
                phone: '(11) 98765-4321',
                template: {
                  name: 'boas_vindas',
                  language: { code: 'pt_BR' },
                  components: [
                    {
                      type: 'body',
                      parameters: [
                        { type: 'text', text: 'Conceição' },
                        { type: 'date_time', date_time: { fallback_value: '15/12' } },
                      ],
                    },
                  ],
                },
              },
            },
            media: {
              summary: 'A document by link, with a caption',
              value: {
                conversation_id: DEMO_IDS.whatsappConversation,
                media: {
                  type: 'document',
                  url: 'https://arquivos.example.com.br/proposta%20comercial.pdf',
                  caption: 'Segue a proposta',
                  filename: 'Proposta comercial.pdf',
                },
              },
            },
          },
        },
        success: { description: 'The message, accepted by the provider.', data: sentMessageSchema, name: 'SentWhatsAppMessage' },
        errors: [400, 404, 409, 502],
        location: (data) => `/whatsapp/conversations/${(data as { id: string; conversation_id?: string }).conversation_id}/messages`,
        command: (body) => {
          const { template, ...rest } = camelKeys(pick(body, SEND_MESSAGE_FIELDS));
          return { ...rest, template: template && { ...template, language: template.language.code } };
        },
        useCase: uc.sendMessage,
        present: ({ message, reused }) => ({ ...presentMessage(message), reused }),
      }),
      conversations.list({
        id: 'listWhatsAppConversations',
        summary: "List the team's conversations",
        list: { sortable: CONVERSATION_SORT_FIELDS },
        query: Type.Object({
          inbox_id: Q.uuid("Only this inbox's conversations; an inbox the team does not have is 404 on `inbox_id`."),
          contact_id: Q.uuid("Only this contact's conversations; a contact the team does not have is 404 on `contact_id`."),
          ...updatedSince('conversations'),
        }),
        success: 'A page of conversations.',
        errors: [400, 404],
        useCase: uc.listConversations,
      }),
      conversations.get({
        id: 'getWhatsAppConversation',
        summary: 'Read one conversation',
        success: 'The conversation.',
        errors: [404],
        useCase: uc.getConversation,
      }),
      getPage({
        id: 'listWhatsAppConversationMessages',
        path: '/whatsapp/conversations/:id/messages',
        pathExamples: { id: DEMO_IDS.whatsappConversation },
        tag: TAG,
        access: 'key',
        summary: "List a conversation's messages, both directions, newest first",
        description:
          'Every type the provider delivers is kept: `text` is what a person reads, the media fields are the ' +
          "provider's handle on a file (not fetched), `raw` the provider's own message object. `sort=created_at` lists the oldest first.",
        list: { sortable: MESSAGE_SORT_FIELDS },
        query: Type.Object({ ...updatedSince('messages') }),
        success: { description: 'A page of messages.', data: conversationMessageSchema, name: 'WhatsAppConversationMessage' },
        errors: [400, 404],
        scope: (ctx: Ctx) => ({ conversationId: pathId(ctx) }),
        useCase: uc.listConversationMessages,
        present: presentConversationMessage,
      }),
      messages.get({
        id: 'getWhatsAppMessage',
        summary: 'Read one message, either direction, with its status history',
        description:
          'The message as its conversation lists it. `status_history` tells when each delivery status of an outbound ' +
          'message was first reported: sent, delivered, read or failed.',
        success: 'The message.',
        errors: [404],
        useCase: uc.getMessage,
      }),
      ...cloudWebhookOperations(webhook),
      ...evolutionWebhookOperations(evolution),
    ],
  };
}
