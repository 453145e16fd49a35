// The reading rules of an import (docs/imports.md): which row is the header, which column gives which
// field (by its header in Portuguese or English, or by the caller's mapping), and what each cell says.
// Lenient where a person would be: a value that cannot be read is a warning and its field stays empty;
// only a row without its required field, or with more values than the header has columns, is an error.
import { Address, AddressField, ClientTextField, ClientType } from '../clients/client';
import { Cnpj } from '../clients/cnpj';
import { Cpf } from '../clients/cpf';
import { normalizeLeadEmail, normalizeLeadPhone } from '../projects/lead-phone';
import { DomainError, ValidationFailed } from '../shared/errors';
import { foldText, readBrazilianDate, readClientType, readTags } from './brazilian-values';
import { ClientRowCommand, ColumnPlan, ImportResource, LeadRowCommand, RowProblem, RowReading } from './import-rows';

/** A header as compared with the aliases: lower case, no accents, punctuation and spaces collapsed. */
export const headerKey = (text: string): string => foldText(text);

/** The API fields of a client an import fills, each with the headers that name it. */
export const CLIENT_COLUMN_ALIASES: Record<string, string[]> = {
  type: ['tipo', 'tipo de pessoa', 'tipo pessoa', 'pf/pj', 'pf pj', 'type'],
  name: ['nome', 'nome completo', 'cliente', 'name', 'full name'],
  display_name: ['apelido', 'nome de exibição', 'display name', 'nickname'],
  email: ['e-mail', 'email', 'correio eletrônico', 'e-mail address'],
  phone: ['telefone', 'fone', 'tel', 'telefone fixo', 'phone'],
  mobile_phone: ['celular', 'mobile', 'cell', 'mobile phone', 'cell phone'],
  whatsapp: ['whatsapp', 'whats', 'zap'],
  cpf: ['cpf'],
  rg: ['rg', 'identidade'],
  cnpj: ['cnpj'],
  legal_name: ['razão social', 'legal name'],
  trade_name: ['nome fantasia', 'empresa', 'company', 'trade name'],
  birth_date: ['data de nascimento', 'nascimento', 'aniversário', 'birth date', 'birthday', 'date of birth'],
  gender: ['sexo', 'gênero', 'gender'],
  state_registration: ['inscrição estadual', 'ie', 'state registration'],
  municipal_registration: ['inscrição municipal', 'im', 'municipal registration'],
  'address.street': ['endereço', 'logradouro', 'rua', 'street', 'address'],
  'address.number': ['número', 'numero', 'n', 'nº', 'number'],
  'address.complement': ['complemento', 'complement'],
  'address.neighborhood': ['bairro', 'neighborhood', 'district'],
  'address.city': ['cidade', 'município', 'city'],
  'address.state': ['uf', 'estado', 'state'],
  'address.zip_code': ['cep', 'zip', 'zip code', 'postal code', 'zipcode'],
  'address.country': ['país', 'country'],
  source: ['origem', 'fonte', 'source'],
  notes: ['observações', 'observação', 'obs', 'notas', 'anotações', 'notes', 'comments', 'comentários'],
  tags: ['tags', 'etiquetas', 'marcadores'],
};

/** The API fields of a lead an import fills, each with the headers that name it. */
export const LEAD_COLUMN_ALIASES: Record<string, string[]> = {
  full_name: ['nome', 'nome completo', 'name', 'full name', 'contato', 'contact'],
  email: ['e-mail', 'email', 'correio eletrônico', 'e-mail address'],
  phone: ['telefone', 'celular', 'whatsapp', 'fone', 'tel', 'phone', 'mobile', 'cell'],
  company_name: ['empresa', 'razão social', 'company', 'company name'],
  notes: ['observações', 'observação', 'obs', 'notas', 'anotações', 'notes', 'comments', 'comentários'],
  tags: ['tags', 'etiquetas', 'marcadores'],
  customer_source: ['origem', 'fonte', 'source', 'canal', 'customer source'],
  utm_source: ['utm_source', 'utm source'],
  utm_medium: ['utm_medium', 'utm medium'],
  utm_campaign: ['utm_campaign', 'utm campaign'],
};

const ALIASES: Record<ImportResource, Record<string, string[]>> = { clients: CLIENT_COLUMN_ALIASES, leads: LEAD_COLUMN_ALIASES };
const REQUIRED: Record<ImportResource, string> = { clients: 'name', leads: 'full_name' };

/** Header key → field, per resource; each field's own API name is an alias too (`zip_code`, `address.city`). */
const FIELD_BY_KEY: Record<ImportResource, Map<string, string>> = {
  clients: keysOf(CLIENT_COLUMN_ALIASES),
  leads: keysOf(LEAD_COLUMN_ALIASES),
};

function keysOf(aliases: Record<string, string[]>): Map<string, string> {
  const map = new Map<string, string>();
  for (const [field, names] of Object.entries(aliases)) {
    for (const name of [...names, field, field.replace(/[._]/g, ' ')]) {
      const key = headerKey(name);
      if (!map.has(key)) map.set(key, field);
    }
  }
  return map;
}

// A header is looked for among the first rows; what lies below is data.
const HEADER_SEARCH_ROWS = 10;

export const isBlankRow = (cells: string[]): boolean => cells.every((cell) => cell.trim() === '');

/**
 * The index of the header among the first ten rows: the row whose cells name the most fields of either
 * resource (the first on a tie), so a title line above it is passed over; the first non-blank row when
 * no cell names a field.
 */
export function headerRowIndex(firstRows: string[][]): number {
  const rows = firstRows.slice(0, HEADER_SEARCH_ROWS);
  let best = -1;
  let most = 0;
  rows.forEach((cells, index) => {
    const named = cells.filter((cell) => {
      const key = headerKey(cell);
      return key !== '' && (FIELD_BY_KEY.clients.has(key) || FIELD_BY_KEY.leads.has(key));
    }).length;
    if (named > most) [best, most] = [index, named];
  });
  if (best >= 0) return best;
  const firstFilled = rows.findIndex((cells) => !isBlankRow(cells));
  return firstFilled >= 0 ? firstFilled : 0;
}

/**
 * Which field each column gives. A header gives the field its alias names; when several columns name one
 * field the first gives it and the others are left out (a lead's `Telefone` before its `Celular`).
 * `mapping` (column header as in the file → field, or null or '' to leave the column out) comes first.
 * Throws ValidationFailed on `options.mapping` for an unknown field or a column the file does not have,
 * and on `file` (`no_required_column`) when no column gives the required field.
 */
export function planColumns(resource: ImportResource, headers: string[], mapping?: Record<string, string | null>): ColumnPlan {
  const known = FIELD_BY_KEY[resource];
  const mapped = new Map<number, string | null>();
  for (const [column, field] of Object.entries(mapping ?? {})) {
    const index = columnIndex(headers, column);
    if (index < 0) {
      throw new ValidationFailed(`options.mapping names the column "${column}", which the file does not have`, 'options.mapping');
    }
    if (field === null || field === '') {
      mapped.set(index, null);
      continue;
    }
    if (!(field in ALIASES[resource])) {
      throw new ValidationFailed(
        `options.mapping maps "${column}" to "${field}", which is not a field of ${resource} (${Object.keys(ALIASES[resource]).join(', ')})`,
        'options.mapping',
      );
    }
    if ([...mapped.values()].includes(field)) {
      throw new ValidationFailed(`options.mapping maps two columns to "${field}"`, 'options.mapping');
    }
    mapped.set(index, field);
  }
  const taken = new Set([...mapped.values()].filter((f): f is string => f !== null));
  const fields = headers.map((header, index) => {
    if (mapped.has(index)) return mapped.get(index) ?? null;
    const field = known.get(headerKey(header));
    if (field === undefined || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  const required = REQUIRED[resource];
  if (!fields.includes(required)) {
    const seen = headers.filter((h) => h.trim() !== '').join(', ');
    throw new ValidationFailed(
      `No column gives ${required}: the header reads ${seen || '(nothing)'}; name the column, or map it with options.mapping`,
      'file',
      'VALIDATION_ERROR',
      { reason: 'no_required_column', required, headers },
    );
  }
  return { resource, headers: [...headers], fields };
}

/** The column a mapping names: the header exactly as written, else the one that folds the same. */
function columnIndex(headers: string[], column: string): number {
  const exact = headers.indexOf(column);
  if (exact >= 0) return exact;
  const key = headerKey(column);
  return key === '' ? -1 : headers.findIndex((h) => headerKey(h) === key);
}

/** The non-empty cells of a row by field, trimmed, with the column each came from. */
interface Cell {
  field: string;
  column: string;
  value: string;
}

/** The row's cells by field, or the error of a row longer than its header. */
function cellsOf(plan: ColumnPlan, cells: string[]): Cell[] | RowProblem {
  let last = cells.length - 1;
  while (last >= 0 && cells[last].trim() === '') last -= 1;
  if (last >= plan.headers.length) {
    return { level: 'error', message: `this row has ${last + 1} values but the header has ${plan.headers.length} columns` };
  }
  const read: Cell[] = [];
  plan.fields.forEach((field, index) => {
    const value = (cells[index] ?? '').trim();
    if (field !== null && value !== '') read.push({ field, column: plan.headers[index], value });
  });
  return read;
}

const collapseSpaces = (text: string): string => text.replace(/\s+/g, ' ');

const warning = (cell: Cell, message: string): RowProblem => ({ level: 'warning', field: cell.field, column: cell.column, message });

/** Why a domain check refused the value, for a warning that quotes it. */
const reasonOf = (e: unknown): string => (e instanceof DomainError ? e.message : 'it cannot be read');

/** The error of a row whose required field is empty. */
function missing(plan: ColumnPlan, field: string): RowProblem {
  const column = plan.headers[plan.fields.indexOf(field)];
  return { level: 'error', field, ...(column !== undefined ? { column } : {}), message: `${field} is empty` };
}

const TEXT_FIELDS: Record<string, ClientTextField> = {
  display_name: 'displayName',
  phone: 'phone',
  mobile_phone: 'mobilePhone',
  whatsapp: 'whatsapp',
  rg: 'rg',
  gender: 'gender',
  legal_name: 'legalName',
  trade_name: 'tradeName',
  state_registration: 'stateRegistration',
  municipal_registration: 'municipalRegistration',
  source: 'source',
  notes: 'notes',
};
// Names are kept as typed, capitals included; only the spaces between words are made one.
const NAME_FIELDS = new Set(['display_name', 'legal_name', 'trade_name']);
const ADDRESS: Record<string, AddressField> = {
  'address.street': 'street',
  'address.number': 'number',
  'address.complement': 'complement',
  'address.neighborhood': 'neighborhood',
  'address.city': 'city',
  'address.state': 'state',
  'address.zip_code': 'zipCode',
  'address.country': 'country',
};

/** A client as one row describes it (the command of POST /clients), or the error that keeps it out. */
export function readClientRow(plan: ColumnPlan, row: string[]): RowReading<ClientRowCommand> {
  const cells = cellsOf(plan, row);
  if (!Array.isArray(cells)) return { problems: [cells] };
  const problems: RowProblem[] = [];
  const command: Partial<ClientRowCommand> = {};
  const address: Partial<Address> = {};
  let type: ClientType | null = null;
  for (const cell of cells) {
    const { field, value } = cell;
    if (field === 'name') command.name = collapseSpaces(value);
    else if (field === 'type') {
      type = readClientType(value);
      if (!type) problems.push(warning(cell, `"${value}" is not a client type (PF or PJ); type is taken from the documents`));
    } else if (field === 'email') {
      const email = readEmail(value);
      if (email) command.email = email;
      else problems.push(warning(cell, `"${value}" is not an e-mail address; email is left empty`));
    } else if (field === 'cpf') {
      try {
        command.cpf = Cpf.parse(value).digits;
      } catch (e) {
        problems.push(warning(cell, `"${value}" is not a valid CPF (${reasonOf(e)}); cpf is left empty`));
      }
    } else if (field === 'cnpj') {
      try {
        command.cnpj = Cnpj.parse(value).value;
      } catch (e) {
        problems.push(warning(cell, `"${value}" is not a valid CNPJ (${reasonOf(e)}); cnpj is left empty`));
      }
    } else if (field === 'birth_date') {
      const date = readBrazilianDate(value);
      if (date) command.birthDate = date;
      else problems.push(warning(cell, `"${value}" is not a date (day/month/year, or YYYY-MM-DD); birth_date is left empty`));
    } else if (field === 'tags') command.tags = readTags(value);
    else if (field in ADDRESS) address[ADDRESS[field]] = field === 'address.state' ? value.toUpperCase() : value;
    else if (field in TEXT_FIELDS) command[TEXT_FIELDS[field]] = NAME_FIELDS.has(field) ? collapseSpaces(value) : value;
  }
  if (!command.name) return { problems: [missing(plan, 'name'), ...problems] };
  if (Object.keys(address).length) command.address = address;
  const name = command.name;
  return { command: { type: type ?? (command.cnpj ? 'PJ' : 'PF'), name, ...withoutName(command) }, problems };
}

const withoutName = ({ name: _name, type: _type, ...rest }: Partial<ClientRowCommand>): Omit<Partial<ClientRowCommand>, 'name' | 'type'> =>
  rest;

const LEAD_TEXT: Record<string, 'companyName' | 'notes' | 'customerSource' | 'utmSource' | 'utmMedium' | 'utmCampaign'> = {
  company_name: 'companyName',
  notes: 'notes',
  customer_source: 'customerSource',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
};

/** A lead as one row describes it (the command of POST /projects/:id/leads), or the error that keeps it out. */
export function readLeadRow(plan: ColumnPlan, row: string[]): RowReading<LeadRowCommand> {
  const cells = cellsOf(plan, row);
  if (!Array.isArray(cells)) return { problems: [cells] };
  const problems: RowProblem[] = [];
  const command: Partial<LeadRowCommand> = {};
  for (const cell of cells) {
    const { field, value } = cell;
    if (field === 'full_name') command.fullName = collapseSpaces(value);
    else if (field === 'email') {
      const email = readEmail(value);
      if (email) command.email = email;
      else problems.push(warning(cell, `"${value}" is not an e-mail address; email is left empty`));
    } else if (field === 'phone') {
      try {
        command.phone = normalizeLeadPhone(value);
      } catch (e) {
        problems.push(warning(cell, `"${value}" is not a phone number (${reasonOf(e)}); phone is left empty`));
      }
    } else if (field === 'tags') command.tags = readTags(value);
    else if (field in LEAD_TEXT) command[LEAD_TEXT[field]] = field === 'company_name' ? collapseSpaces(value) : value;
  }
  if (!command.fullName) return { problems: [missing(plan, 'full_name'), ...problems] };
  const { fullName, ...rest } = command;
  return { command: { fullName, ...rest }, problems };
}

function readEmail(value: string): string | null {
  try {
    return normalizeLeadEmail(value);
  } catch {
    return null;
  }
}
