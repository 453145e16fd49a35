/**
 * The ids of the demo team's records on a database that held none of them (`npm start` on an empty
 * database, `workspace-admin demo`): the examples of the API reference name them, so its "Test Request"
 * works against the demo. `tests/http/docs/demo-ids.test.ts` checks each against a fresh demo.
 */
export const DEMO_IDS = {
  team: '019b76da-a800-7000-8000-000000000001',
  /** The team's internal project ("Internal"), where the demo's tasks and campaign are. */
  internalProject: '019b76da-a800-7000-8000-000000000007',
  /** Maria Silva, a PF client (CPF 529.982.247-25). */
  client: '019b76da-a800-7001-8000-000000000001',
  /** Padaria Pão Quente Ltda, a PJ client (CNPJ 11.222.333/0001-81). */
  companyClient: '019b76da-a800-7001-8000-000000000003',
  /** "Lançamento Loja Online", a client project with a deal pipeline (columns novo, qualificado, proposta, ganho, perdido). */
  project: '019b76da-a800-7002-8000-000000000002',
  /** Its default deal pipeline. */
  projectPipeline: '019b76da-a800-7002-8000-000000000003',
  /** João Pereira, a lead of the project, phone (11) 98765-4321. */
  lead: '019b76da-a800-7002-8000-00000000000c',
  /** "Redesign do site institucional", a global deal in phase `lead`. */
  deal: '019b76da-a800-7003-8000-000000000002',
  /** "Gestão de redes sociais", a global deal moved to phase `proposta`. */
  proposalDeal: '019b76da-a800-7003-8000-000000000004',
  /** "Revisar o briefing do site", a task of the internal project. */
  task: '019b76da-a800-7004-8000-000000000001',
  /** "Lançamento de verão", a campaign of the internal project. */
  campaign: '019b76da-a800-7005-8000-000000000001',
  /** "Reunião de alinhamento", a meeting. */
  activity: '019b76da-a800-7006-8000-000000000001',
  /** "Demo sandbox", a WhatsApp inbox of the sandbox channel. */
  whatsappInbox: '019b76da-a800-7007-8000-000000000001',
  /** Maria Silva's WhatsApp contact, +55 11 98765-4321. */
  whatsappContact: '019b76da-a800-7007-8000-000000000002',
  /** Pedro Almeida's WhatsApp contact, +55 11 91234-5678, in no conversation yet (it can be deleted). */
  newWhatsappContact: '019b76da-a800-7007-8000-000000000007',
  /** The conversation of the inbox with that contact. */
  whatsappConversation: '019b76da-a800-7007-8000-000000000004',
  /** The message sent in it. */
  whatsappMessage: '019b76da-a800-7007-8000-000000000005',
  /** "Formulário do site", an inbound endpoint (auth mode `none`) that makes deals in the project. */
  webhookEndpoint: '019b76da-a800-7008-8000-000000000001',
  /** Its public id: the inbound URL is `/webhooks/inbound/{endpoint_id}`. */
  webhookEndpointPublicId: 'wh_demo000000000000000000000000000000000000001',
  /** Mariana Costa, the lead the endpoint received. */
  formLead: '019b76da-a800-7008-8000-000000000005',
  /** Her deal in the project's pipeline, column `novo`. */
  projectDeal: '019b76da-a800-7008-8000-000000000003',
} as const;
