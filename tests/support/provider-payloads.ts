// What real lead sources post to an inbound webhook, written from each provider's public documentation,
// with the field_mapping an endpoint needs for it and the leads it must give. Shared by the unit test
// of the mapping and by any receiver test that wants real bodies.

export interface ProviderFixture {
  provider: string;
  /** The public documentation page the fixture was written from (title + URL). */
  source: string;
  contentType: 'application/json' | 'application/x-www-form-urlencoded' | 'text/plain';
  /** Exactly the bytes the provider sends. */
  body: string;
  /** The body as the receiver parses it (JSON.parse, or the nested object a bracket-nesting form parser such as `qs` makes). */
  payload: unknown;
  /** The endpoint field_mapping that fits ({} when the defaults suffice). */
  mapping: Record<string, string | string[]>;
  /** The payload path holding the provider's event or lead id, when there is one. */
  idempotencyPath?: string;
  /** Per record; phone as stored digits with country code (`InboundFields.phone` is `+` and these digits). */
  expected: Array<{
    full_name: string | null;
    email: string | null;
    phone: string | null;
    company_name?: string | null;
    value?: number | null;
    notes_include?: string[];
  }>;
}

/**
 * A form body as PHP's `http_build_query` writes it (WordPress posts arrays that way): pairs in order,
 * `urlencode` escaping (space as `+`, everything but letters, digits and `-_.` percent-encoded).
 */
const phpFormBody = (pairs: Array<[string, string]>): string => {
  const encode = (s: string): string =>
    encodeURIComponent(s)
      .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
      .replace(/%20/g, '+');
  return pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
};

const json = (payload: unknown): string => JSON.stringify(payload);

// --- Meta Lead Ads -------------------------------------------------------------------------------

const metaLead = {
  created_time: '2026-11-20T14:32:05+0000',
  id: '1234567890123456',
  ad_id: '23851234567890123',
  form_id: '987654321098765',
  field_data: [
    { name: 'full_name', values: ['Ana Júlia Souza'] },
    { name: 'email', values: ['ana.julia@exemplo.com.br'] },
    { name: 'phone_number', values: ['+5511987654321'] },
    { name: 'company_name', values: ['Padaria Pão Dourado'] },
    { name: 'qual_o_seu_orçamento?', values: ['R$ 5.000,00'] },
  ],
};

const metaNotification = {
  object: 'page',
  entry: [
    {
      id: '153125381133',
      time: 1763649125,
      changes: [
        {
          field: 'leadgen',
          value: {
            ad_id: '23851234567890123',
            form_id: '987654321098765',
            leadgen_id: '1234567890123456',
            created_time: 1763649125,
            page_id: '153125381133',
            adgroup_id: '23851234567890123',
          },
        },
      ],
    },
  ],
};

// --- Elementor Pro --------------------------------------------------------------------------------

const elementorAdvancedPairs: Array<[string, string]> = [
  ['form[id]', '3f9c2a1'],
  ['form[name]', 'Contato Site'],
  ['fields[name][id]', 'name'],
  ['fields[name][type]', 'text'],
  ['fields[name][title]', 'Nome'],
  ['fields[name][value]', 'Gabriel Martins Rocha'],
  ['fields[name][raw_value]', 'Gabriel Martins Rocha'],
  ['fields[name][required]', '1'],
  ['fields[email][id]', 'email'],
  ['fields[email][type]', 'email'],
  ['fields[email][title]', 'E-mail'],
  ['fields[email][value]', 'gabriel.rocha@exemplo.com.br'],
  ['fields[email][raw_value]', 'gabriel.rocha@exemplo.com.br'],
  ['fields[email][required]', '1'],
  ['fields[telefone][id]', 'telefone'],
  ['fields[telefone][type]', 'tel'],
  ['fields[telefone][title]', 'Telefone'],
  ['fields[telefone][value]', '011 98765 4321'],
  ['fields[telefone][raw_value]', '011 98765 4321'],
  ['fields[telefone][required]', '0'],
  ['fields[message][id]', 'message'],
  ['fields[message][type]', 'textarea'],
  ['fields[message][title]', 'Mensagem'],
  ['fields[message][value]', 'Preciso de um orçamento para 3 lojas.'],
  ['fields[message][raw_value]', 'Preciso de um orçamento para 3 lojas.'],
  ['fields[message][required]', '0'],
  ['meta[date][title]', 'Data'],
  ['meta[date][value]', '20 de novembro de 2026'],
  ['meta[time][title]', 'Hora'],
  ['meta[time][value]', '18:02'],
  ['meta[page_url][title]', 'URL da página'],
  ['meta[page_url][value]', 'https://www.exemplo.com.br/contato/'],
  ['meta[remote_ip][title]', 'IP remoto'],
  ['meta[remote_ip][value]', '203.0.113.7'],
];

const elementorField = (id: string, type: string, title: string, value: string, required: string) => ({
  id,
  type,
  title,
  value,
  raw_value: value,
  required,
});

const elementorAdvanced = {
  form: { id: '3f9c2a1', name: 'Contato Site' },
  fields: {
    name: elementorField('name', 'text', 'Nome', 'Gabriel Martins Rocha', '1'),
    email: elementorField('email', 'email', 'E-mail', 'gabriel.rocha@exemplo.com.br', '1'),
    telefone: elementorField('telefone', 'tel', 'Telefone', '011 98765 4321', '0'),
    message: elementorField('message', 'textarea', 'Mensagem', 'Preciso de um orçamento para 3 lojas.', '0'),
  },
  meta: {
    date: { title: 'Data', value: '20 de novembro de 2026' },
    time: { title: 'Hora', value: '18:02' },
    page_url: { title: 'URL da página', value: 'https://www.exemplo.com.br/contato/' },
    remote_ip: { title: 'IP remoto', value: '203.0.113.7' },
  },
};

// Without "Advanced Data" Elementor posts each field by its label, then the metadata by its label.
const elementorSimplePairs: Array<[string, string]> = [
  ['Nome', 'Letícia Andrade'],
  ['E-mail', 'leticia.andrade@exemplo.com'],
  ['Telefone', '(41) 99876-5432'],
  ['Mensagem', 'Quero saber os preços.'],
  ['Data', '20 de novembro de 2026'],
  ['Hora', '18:10'],
  ['URL da página', 'https://www.exemplo.com.br/'],
  ['Desenvolvido por', 'Elementor'],
];

// --- Typeform --------------------------------------------------------------------------------------

const typeform = {
  event_id: '01JD8K9Q2X3Y4Z5A6B7C8D9E0F',
  event_type: 'form_response',
  form_response: {
    form_id: 'lT4Z3j',
    token: 'a3a12ec67a1365927098a606107fac15',
    landed_at: '2026-11-20T15:01:12Z',
    submitted_at: '2026-11-20T15:02:40Z',
    hidden: { utm_source: 'instagram', utm_campaign: 'black-friday' },
    definition: {
      id: 'lT4Z3j',
      title: 'Orçamento',
      fields: [
        { id: 'Kd2Y9aQw1xYz', title: 'Qual é o seu nome?', type: 'short_text', ref: 'nome', properties: {} },
        { id: 'Pq8Rt2Lm3nBv', title: 'Seu e-mail', type: 'email', ref: 'email', properties: {} },
        { id: 'Zx4Cv5Bn6mAs', title: 'Seu WhatsApp', type: 'phone_number', ref: 'whatsapp', properties: {} },
        { id: 'Gh7Jk8Lq9wEr', title: 'Quanto pretende investir?', type: 'number', ref: 'orcamento', properties: {} },
      ],
    },
    answers: [
      { type: 'text', text: 'José Antônio Pereira', field: { id: 'Kd2Y9aQw1xYz', type: 'short_text', ref: 'nome' } },
      { type: 'email', email: 'jose.pereira@exemplo.com', field: { id: 'Pq8Rt2Lm3nBv', type: 'email', ref: 'email' } },
      { type: 'phone_number', phone_number: '+5521998765432', field: { id: 'Zx4Cv5Bn6mAs', type: 'phone_number', ref: 'whatsapp' } },
      { type: 'number', number: 12000, field: { id: 'Gh7Jk8Lq9wEr', type: 'number', ref: 'orcamento' } },
    ],
  },
};

// --- Tally -----------------------------------------------------------------------------------------

const tally = {
  eventId: 'a4cb511e-d513-4fa5-baee-b815d718dfd1',
  eventType: 'FORM_RESPONSE',
  createdAt: '2026-11-20T16:00:21.889Z',
  data: {
    responseId: '2wgx4n',
    submissionId: '2wgx4n',
    respondentId: 'dwQKYm',
    formId: 'VwbNEw',
    formName: 'Fale conosco',
    createdAt: '2026-11-20T16:00:21.000Z',
    fields: [
      { key: 'question_mVGEg3', label: 'Seu nome', type: 'INPUT_TEXT', value: 'Luíza Fernandes' },
      { key: 'question_nPy6a9', label: 'E-mail', type: 'INPUT_EMAIL', value: 'luiza.fernandes@exemplo.com.br' },
      { key: 'question_3EKz4n', label: 'WhatsApp', type: 'INPUT_PHONE_NUMBER', value: '+5531987654321' },
      { key: 'question_w4ZqVr', label: 'Empresa', type: 'INPUT_TEXT', value: 'Fernandes Arquitetura' },
    ],
  },
};

// --- RD Station Marketing --------------------------------------------------------------------------

const rdLead = (over: Record<string, unknown>) => ({
  id: '374059017',
  uuid: '8a7d0bd2-6f2e-4c1a-9a3e-1f0b2c3d4e5f',
  email: null,
  name: null,
  company: null,
  job_title: null,
  bio: null,
  public_url: 'http://rdstation.com.br/leads/public/8a7d0bd2-6f2e-4c1a-9a3e-1f0b2c3d4e5f',
  created_at: '2026-11-20T10:15:02.456-03:00',
  opportunity: 'false',
  number_conversions: '1',
  user: null,
  first_conversion: null,
  last_conversion: null,
  custom_fields: {},
  website: null,
  personal_phone: null,
  mobile_phone: null,
  city: null,
  state: null,
  lead_stage: 'Lead',
  tags: [],
  fit_score: 'd',
  interest: 0,
  ...over,
});

const rdStation = {
  leads: [
    rdLead({
      email: 'carla.mendes@exemplo.com.br',
      name: 'Carla Mendes',
      company: 'Mendes Contabilidade',
      job_title: 'Sócia',
      personal_phone: '(11) 3333-4444 / (11) 98888-7777',
      city: 'São Paulo',
      state: 'SP',
      tags: ['orcamento'],
      last_conversion: {
        content: { identificador: 'landing-orcamento', nome: 'Carla Mendes', email_lead: 'carla.mendes@exemplo.com.br' },
        created_at: '2026-11-20T10:15:02.456-03:00',
        cumulative_sum: '1',
        source: 'google',
        conversion_origin: { source: 'google', medium: 'cpc', value: null, campaign: 'black-friday', channel: 'Paid Search' },
      },
    }),
    rdLead({
      id: '374059018',
      uuid: '1b2c3d4e-5f60-4718-89ab-cdef01234567',
      public_url: 'http://rdstation.com.br/leads/public/1b2c3d4e-5f60-4718-89ab-cdef01234567',
      email: 'rafael.araujo@gmail,com',
      name: 'Rafael Araújo',
      mobile_phone: '(11) 97654-3210',
      personal_phone: '(11) 97654-3210',
      city: 'Campinas',
      state: 'SP',
    }),
  ],
};

// --- Google Forms through Apps Script --------------------------------------------------------------

const googleForms = {
  namedValues: {
    'Carimbo de data/hora': ['20/11/2026 17:45:03'],
    'Qual é o seu nome completo?': ['Antônio Carlos Ribeiro'],
    'E-mail': ['antonio.ribeiro@exemplo.com.br'],
    'Telefone (com DDD)': ['(11) 98765-4321'],
    'Nome da empresa': ['Ribeiro & Cia'],
    'Quanto pretende investir?': ['1.500'],
  },
};

// --- HubSpot workflow "Send a webhook" (contact record) ------------------------------------------

const hubspotProperty = (value: string) => ({
  value,
  versions: [{ value, 'source-type': 'FORM', 'source-id': null, 'source-label': null, timestamp: 1763656000000, selected: false }],
});

const hubspot = {
  vid: 51,
  'canonical-vid': 51,
  'merged-vids': [],
  'portal-id': 62515,
  'is-contact': true,
  properties: {
    firstname: hubspotProperty('Márcia'),
    lastname: hubspotProperty('Gonçalves Lima'),
    email: hubspotProperty('marcia.lima@exemplo.com.br'),
    phone: hubspotProperty('+55 11 9 8765-4321'),
    company: hubspotProperty('Lima Engenharia'),
    hs_analytics_source: hubspotProperty('PAID_SOCIAL'),
  },
  'form-submissions': [],
  'list-memberships': [],
  'identity-profiles': [
    {
      vid: 51,
      'saved-at-timestamp': 1763656000000,
      'deleted-changed-timestamp': 0,
      identities: [{ type: 'EMAIL', value: 'marcia.lima@exemplo.com.br', timestamp: 1763656000000 }],
    },
  ],
};

// --- Formstack -------------------------------------------------------------------------------------

const formstack = {
  FormID: '5123456',
  UniqueID: '1187654321',
  'Nome completo': { first: 'Beatriz', last: 'Oliveira Santos' },
  'E-mail': 'beatriz.santos@exemplo.com',
  Telefone: '(21) 3456-7890',
  'Orçamento estimado': 'R$ 12.500,00',
  Mensagem: 'Gostaria de uma visita técnica.',
  HandshakeKey: 'fs-chave-123',
};

// --- Zapier ----------------------------------------------------------------------------------------

const zapierArray = [
  {
    nome: 'Fernanda Costa',
    email: 'fernanda.costa@exemplo.com',
    celular: '+55 (48) 99912-3456',
    empresa: 'Costa Design',
    mensagem: 'Vi o anúncio no Instagram',
  },
];

const zapierFormPairs: Array<[string, string]> = [
  ['nome', 'Paulo Henrique Dias'],
  ['e-mail', 'paulo.dias@hotmail'],
  ['whatsapp', '(11) 98765-4321'],
  ['valor', 'a combinar'],
];

export const PROVIDER_FIXTURES: ProviderFixture[] = [
  {
    provider: 'Meta Lead Ads (webhook leadgen, after Graph API lead fetch)',
    source:
      'Meta for Developers, Marketing API "Retrieving Leads" (https://developers.facebook.com/docs/marketing-api/guides/lead-ads/retrieving): the lead with field_data [{ name, values }]',
    contentType: 'application/json',
    body: json(metaLead),
    payload: metaLead,
    mapping: {
      full_name: 'field_data[name=full_name].values.0',
      email: 'field_data[name=email].values.0',
      phone: 'field_data[name=phone_number].values.0',
      company_name: 'field_data[name=company_name].values.0',
      value: 'field_data[name="qual_o_seu_orçamento?"].values.0',
      'metadata.form_id': 'form_id',
    },
    idempotencyPath: 'id',
    expected: [
      {
        full_name: 'Ana Júlia Souza',
        email: 'ana.julia@exemplo.com.br',
        phone: '5511987654321',
        company_name: 'Padaria Pão Dourado',
        value: 5000,
      },
    ],
  },
  {
    provider: 'Meta Lead Ads (webhook leadgen notification as Meta posts it, before the lead fetch)',
    source:
      'Meta for Developers, "Webhooks for Leads" (https://developers.facebook.com/docs/marketing-api/guides/lead-ads/quickstart/webhooks-integration): entry[].changes[].value carries only ids, no answers',
    contentType: 'application/json',
    body: json(metaNotification),
    payload: metaNotification,
    mapping: {},
    idempotencyPath: 'entry.0.changes.0.value.leadgen_id',
    // Nothing to reach: the receiver refuses it (requireContactPoint) until someone fetches the lead.
    expected: [{ full_name: null, email: null, phone: null }],
  },
  {
    provider: 'Elementor Pro forms, Webhook action with "Advanced Data"',
    source:
      'Elementor Help Center, "Actions After Submit" → Webhook (https://elementor.com/help/actions-after-submit/): with Advanced Data the form, fields and meta arrays are posted as form data',
    contentType: 'application/x-www-form-urlencoded',
    body: phpFormBody(elementorAdvancedPairs),
    payload: elementorAdvanced,
    mapping: {
      full_name: 'fields.name.value',
      email: 'fields.email.value',
      phone: 'fields.telefone.value',
      notes: 'fields.message.value',
      'metadata.page_url': 'meta.page_url.value',
      'metadata.form': 'form.name',
    },
    expected: [
      {
        full_name: 'Gabriel Martins Rocha',
        email: 'gabriel.rocha@exemplo.com.br',
        phone: '5511987654321',
        notes_include: ['Preciso de um orçamento para 3 lojas.'],
      },
    ],
  },
  {
    provider: 'Elementor Pro forms, Webhook action without "Advanced Data" (fields by label)',
    source:
      'Elementor Help Center, "Actions After Submit" → Webhook (https://elementor.com/help/actions-after-submit/): without Advanced Data each field is posted under its label',
    contentType: 'application/x-www-form-urlencoded',
    body: phpFormBody(elementorSimplePairs),
    payload: Object.fromEntries(elementorSimplePairs),
    mapping: {},
    expected: [
      {
        full_name: 'Letícia Andrade',
        email: 'leticia.andrade@exemplo.com',
        phone: '5541998765432',
        notes_include: ['Quero saber os preços.'],
      },
    ],
  },
  {
    provider: 'Typeform (webhook form_response)',
    source:
      'Typeform Developers, Webhooks "Example webhook payload" (https://www.typeform.com/developers/webhooks/example-payload/): answers[] with field.ref, value under the answer type',
    contentType: 'application/json',
    body: json(typeform),
    payload: typeform,
    mapping: {
      full_name: 'form_response.answers[field.ref=nome].text',
      email: 'form_response.answers[field.ref=email].email',
      phone: 'form_response.answers[field.ref=whatsapp].phone_number',
      value: 'form_response.answers[field.ref=orcamento].number',
      utm_source: 'form_response.hidden.utm_source',
      utm_campaign: 'form_response.hidden.utm_campaign',
    },
    idempotencyPath: 'event_id',
    expected: [{ full_name: 'José Antônio Pereira', email: 'jose.pereira@exemplo.com', phone: '5521998765432', value: 12000 }],
  },
  {
    provider: 'Tally (webhook FORM_RESPONSE)',
    source:
      'Tally Help Center, "Webhooks" → Example webhook event (https://tally.so/help/webhooks): data.fields[] with key, label, type, value',
    contentType: 'application/json',
    body: json(tally),
    payload: tally,
    mapping: {
      full_name: 'data.fields[label="Seu nome"].value',
      email: 'data.fields[type=INPUT_EMAIL].value',
      phone: 'data.fields[type=INPUT_PHONE_NUMBER].value',
      company_name: "data.fields[label='Empresa'].value",
      'metadata.form': 'data.formName',
    },
    idempotencyPath: 'eventId',
    expected: [
      {
        full_name: 'Luíza Fernandes',
        email: 'luiza.fernandes@exemplo.com.br',
        phone: '5531987654321',
        company_name: 'Fernandes Arquitetura',
      },
    ],
  },
  {
    provider: 'RD Station Marketing (legacy lead webhook, two leads in one delivery)',
    source:
      'RD Station Developers, "Webhooks" (https://developers.rdstation.com/en/reference/webhooks) for the subscription; the legacy body { "leads": [ { id, email, name, company, personal_phone, mobile_phone, tags, last_conversion.conversion_origin, … } ] } from the RD Station Marketing help on webhook integrations (the current API v2 body is { contact } instead)',
    contentType: 'application/json',
    body: json(rdStation),
    payload: rdStation,
    mapping: {
      full_name: 'leads[*].name',
      email: 'leads[*].email',
      phone: 'leads[*].personal_phone',
      company_name: 'leads[*].company',
      tags: 'leads[*].tags',
      utm_source: 'leads[*].last_conversion.conversion_origin.source',
    },
    expected: [
      {
        full_name: 'Carla Mendes',
        email: 'carla.mendes@exemplo.com.br',
        phone: '5511988887777',
        company_name: 'Mendes Contabilidade',
        notes_include: ['phone also given: (11) 3333-4444'],
      },
      {
        full_name: 'Rafael Araújo',
        email: null,
        phone: '5511976543210',
        company_name: null,
        notes_include: ['email "rafael.araujo@gmail,com" not read'],
      },
    ],
  },
  {
    provider: 'Google Forms through an Apps Script onFormSubmit trigger (namedValues posted with UrlFetchApp)',
    source:
      'Google Apps Script, "Event objects" → Google Sheets form submit, e.namedValues (https://developers.google.com/apps-script/guides/triggers/events), posted with UrlFetchApp.fetch(url, { method: "post", contentType: "application/json", payload: JSON.stringify({ namedValues: e.namedValues }) }) (https://developers.google.com/apps-script/reference/url-fetch/url-fetch-app)',
    contentType: 'application/json',
    body: json(googleForms),
    payload: googleForms,
    mapping: {
      full_name: 'namedValues["Qual é o seu nome completo?"].0',
      email: 'namedValues["E-mail"].0',
      phone: 'namedValues["Telefone (com DDD)"][0]',
      company_name: "namedValues['Nome da empresa'].0",
      value: 'namedValues["Quanto pretende investir?"].0',
    },
    expected: [
      {
        full_name: 'Antônio Carlos Ribeiro',
        email: 'antonio.ribeiro@exemplo.com.br',
        phone: '5511987654321',
        company_name: 'Ribeiro & Cia',
        value: 1500,
      },
    ],
  },
  {
    provider: 'HubSpot workflow "Send a webhook" (contact record, properties.<name>.value)',
    source:
      'HubSpot Knowledge Base, "Use webhooks with HubSpot workflows" (https://knowledge.hubspot.com/workflows/how-do-i-use-webhooks-with-hubspot-workflows); the contact JSON as in the legacy Contacts API "Get a contact by ID" (https://legacydocs.hubspot.com/docs/methods/contacts/get_contact)',
    contentType: 'application/json',
    body: json(hubspot),
    payload: hubspot,
    mapping: {
      full_name: ['properties.firstname.value', 'properties.lastname.value'],
      email: 'properties.email.value',
      phone: 'properties.phone.value',
      company_name: 'properties.company.value',
      source: 'properties.hs_analytics_source.value',
    },
    expected: [
      { full_name: 'Márcia Gonçalves Lima', email: 'marcia.lima@exemplo.com.br', phone: '5511987654321', company_name: 'Lima Engenharia' },
    ],
  },
  {
    provider: 'Formstack (webhook, JSON, posted with field names)',
    source:
      'Formstack Developers, "Webhooks: Setup" (https://developers.formstack.com/docs/webhook-setup) and "Webhook Examples" (https://developers.formstack.com/docs/webhook-examples): FormID, UniqueID, HandshakeKey and each field under its name; a Name field as { first, last }',
    contentType: 'application/json',
    body: json(formstack),
    payload: formstack,
    mapping: {
      full_name: ['"Nome completo".first', "['Nome completo'].last"],
      value: '"Orçamento estimado"',
    },
    idempotencyPath: 'UniqueID',
    expected: [
      {
        full_name: 'Beatriz Oliveira Santos',
        email: 'beatriz.santos@exemplo.com',
        phone: '552134567890',
        value: 12500,
        notes_include: ['Gostaria de uma visita técnica.'],
      },
    ],
  },
  {
    provider: 'Zapier, Webhooks by Zapier POST with "Wrap Request In Array" (JSON)',
    source:
      'Zapier Help Center, "Send webhooks in Zaps" (https://help.zapier.com/hc/en-us/articles/8496326446989-Send-webhooks-in-Zaps): POST action, Payload Type json, Wrap Request In Array',
    contentType: 'application/json',
    body: json(zapierArray),
    payload: zapierArray,
    mapping: {},
    expected: [
      {
        full_name: 'Fernanda Costa',
        email: 'fernanda.costa@exemplo.com',
        phone: '5548999123456',
        company_name: 'Costa Design',
        notes_include: ['Vi o anúncio no Instagram'],
      },
    ],
  },
  {
    provider: 'Zapier, Webhooks by Zapier POST (Payload Type form, Portuguese keys, a typo and an amount in words)',
    source:
      'Zapier Help Center, "Send webhooks in Zaps" (https://help.zapier.com/hc/en-us/articles/8496326446989-Send-webhooks-in-Zaps): POST action, Payload Type form, Data as key/value pairs',
    contentType: 'application/x-www-form-urlencoded',
    body: 'nome=Paulo+Henrique+Dias&e-mail=paulo.dias%40hotmail&whatsapp=%2811%29+98765-4321&valor=a+combinar',
    payload: Object.fromEntries(zapierFormPairs),
    mapping: {},
    expected: [
      {
        full_name: 'Paulo Henrique Dias',
        email: null,
        phone: '5511987654321',
        value: null,
        notes_include: ['email "paulo.dias@hotmail" not read: must be a valid address', 'value "a combinar" not read: is not an amount'],
      },
    ],
  },
];
