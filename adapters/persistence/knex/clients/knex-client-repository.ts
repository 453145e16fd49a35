import { lockRow } from '../shared/row-lock';
import { ADDRESS_FIELDS, AddressField, CLIENT_TEXT_FIELDS, ClientData, ClientTextField } from '../../../../domain/clients/client';
import { clientEmailKey } from '../../../../domain/clients/client-match';
import { ClientFilter, ClientRepository, ClientSortField } from '../../../../domain/clients/client-repository';
import { Duplicate } from '../../../../domain/shared/errors';
import { ListQuery, Page } from '../../../../domain/shared/list';
import { documentKey, searchQueryOf, searchTextOf } from '../../../../domain/shared/search-text';
import { TeamContext } from '../../../../domain/shared/team';
import { KeptCounts, forUpdate } from '../shared/kept-counts';
import { KnexDatabase } from '../shared/knex-database';
import { rowOf } from '../shared/row-writes';
import { placeholders } from '../shared/id-chunks';
import { SortColumn, orderBy, paginate, whereSearchText } from '../shared/query';
import { RememberedPages } from '../shared/remembered-pages';
import { TeamVersions } from '../shared/team-versions';
import { fromJson, isUniqueViolation, toIso, toIsoOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

const SORTS: Record<ClientSortField, SortColumn> = {
  full_name: { column: 'name', kind: 'text' },
  email: { column: 'email', kind: 'text' },
  created_at: { column: 'created_at', required: true },
  updated_at: { column: 'updated_at', required: true },
  is_active: { column: "case when status = 'active' then 1 else 0 end", raw: true },
};

/** The column of each text field. */
const TEXT_COLUMNS: Record<ClientTextField, string> = {
  displayName: 'display_name',
  email: 'email',
  phone: 'phone',
  mobilePhone: 'mobile_phone',
  whatsapp: 'whatsapp',
  rg: 'rg',
  gender: 'gender',
  maritalStatus: 'marital_status',
  nationality: 'nationality',
  legalName: 'legal_name',
  tradeName: 'trade_name',
  stateRegistration: 'state_registration',
  municipalRegistration: 'municipal_registration',
  source: 'source',
  notes: 'notes',
};

/** The column of each address subfield. */
const ADDRESS_COLUMNS: Record<AddressField, string> = {
  street: 'address_street',
  number: 'address_number',
  complement: 'address_complement',
  neighborhood: 'address_neighborhood',
  city: 'address_city',
  state: 'address_state',
  zipCode: 'address_zip_code',
  country: 'address_country',
};

/** docs/api.md "Search": name, email, CPF and CNPJ; the bare CPF and CNPJ are the keys a formatted one finds. */
const searchText = (c: ClientData): string => searchTextOf([c.name, c.email, c.cpf, c.cnpj], [c.cpf, c.cnpj]);

function toRow(c: ClientData): Row {
  const row: Row = {
    team_id: c.teamId,
    id: c.id,
    type: c.type,
    name: c.name,
    cpf: c.cpf,
    cnpj: c.cnpj,
    birth_date: c.birthDate,
    status: c.status,
    tags: JSON.stringify(c.tags),
    deactivated_at: c.deactivatedAt,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    search_text: searchText(c),
  };
  for (const f of CLIENT_TEXT_FIELDS) row[TEXT_COLUMNS[f]] = c[f];
  for (const f of ADDRESS_FIELDS) row[ADDRESS_COLUMNS[f]] = c.address[f];
  return row;
}

/** A phone column without the characters people write around the digits (the memory adapter strips the same). */
const phoneDigitsSql = (column: string): string =>
  [' ', '-', '(', ')', '.', '/', '+'].reduce((sql, c) => `replace(${sql}, '${c}', '')`, column);

const text = (v: unknown): string | null => (v as string | null | undefined) ?? null;

/** One literal, no per-row loops or spreads: a page maps twenty of these. */
function fromRow(r: Row): ClientData {
  return {
    id: r.id as string,
    teamId: r.team_id as string,
    type: r.type as ClientData['type'],
    name: r.name as string,
    displayName: text(r.display_name),
    email: text(r.email),
    phone: text(r.phone),
    mobilePhone: text(r.mobile_phone),
    whatsapp: text(r.whatsapp),
    rg: text(r.rg),
    gender: text(r.gender),
    maritalStatus: text(r.marital_status),
    nationality: text(r.nationality),
    legalName: text(r.legal_name),
    tradeName: text(r.trade_name),
    stateRegistration: text(r.state_registration),
    municipalRegistration: text(r.municipal_registration),
    source: text(r.source),
    notes: text(r.notes),
    cpf: text(r.cpf),
    cnpj: text(r.cnpj),
    birthDate: text(r.birth_date),
    status: r.status as ClientData['status'],
    tags: fromJson<string[]>(r.tags, []),
    address: {
      street: text(r.address_street),
      number: text(r.address_number),
      complement: text(r.address_complement),
      neighborhood: text(r.address_neighborhood),
      city: text(r.address_city),
      state: text(r.address_state),
      zipCode: text(r.address_zip_code),
      country: text(r.address_country),
    },
    deactivatedAt: toIsoOrNull(r.deactivated_at),
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
  };
}

/**
 * The row of `client_counts` a client is counted in: the list always filters by status (active by
 * default), may filter by type, and the plan quota counts the active ones.
 */
type CountKey = { team_id: string; status: string; type: string };

const countKeyOf = (c: { teamId: string; status: string; type: string }): CountKey => ({
  team_id: c.teamId,
  status: c.status,
  type: c.type,
});

/** Clients a repository remembers in pages (`list`), the least recently used pages let go beyond it. */
const REMEMBERED_CLIENTS = 4000;

export class KnexClientRepository implements ClientRepository {
  private readonly counts: KeptCounts<CountKey>;
  private readonly versions: TeamVersions;
  private readonly pages: RememberedPages<ClientData>;

  constructor(private readonly database: KnexDatabase) {
    this.counts = new KeptCounts(database, 'client_counts', ['team_id', 'status', 'type']);
    this.versions = new TeamVersions(database, 'client_versions');
    // A client page shows the team's clients alone.
    this.pages = new RememberedPages<ClientData>(database, ['client_versions'], REMEMBERED_CLIENTS, Object.freeze);
  }

  /**
   * A page is read once per version of the team's clients (`client_versions`, moved by every write of a
   * client) and then given again until the version moves (`RememberedPages`).
   */
  async list(team: TeamContext, filter: ClientFilter, query: ListQuery<ClientSortField>): Promise<Page<ClientData>> {
    return this.pages.page(team, [filter, query], () => this.read(team, filter, query));
  }

  private async read(team: TeamContext, filter: ClientFilter, query: ListQuery<ClientSortField>): Promise<Page<ClientData>> {
    const qb = this.database.db('clients').where({ team_id: team.teamId, status: filter.status });
    if (filter.type) qb.andWhere({ type: filter.type });
    if (filter.updatedSince !== undefined) qb.andWhere('updated_at', '>=', filter.updatedSince);
    whereSearchText(qb, this.database, { table: 'clients' }, searchQueryOf(query.search, documentKey));
    orderBy(qb, this.database, SORTS[query.sort.field], query.sort.descending);
    // Every filter but the search and `updatedSince` is a key of the kept counts.
    const kept =
      searchQueryOf(query.search, documentKey) || filter.updatedSince !== undefined
        ? undefined
        : await this.counts.total({ team_id: team.teamId, status: filter.status, ...(filter.type ? { type: filter.type } : {}) });
    return paginate(qb, query, fromRow, kept);
  }

  async lock(team: TeamContext, id: string): Promise<void> {
    await lockRow(this.database, 'clients', team, id);
  }

  async findById(team: TeamContext, id: string): Promise<ClientData | null> {
    const row = await this.database.db('clients').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async findByDocument(team: TeamContext, doc: { cpf?: string; cnpj?: string }, exceptId?: string): Promise<ClientData | null> {
    const qb = this.database
      .db('clients')
      .where({ team_id: team.teamId })
      .andWhere((w) => {
        if (doc.cpf) w.orWhere({ cpf: doc.cpf });
        if (doc.cnpj) w.orWhere({ cnpj: doc.cnpj });
      });
    if (exceptId) qb.andWhereNot({ id: exceptId });
    const row = await qb.first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  /** Answered by the index on (team_id, lower(trim(email))) of migration 20261202000100. */
  async findByEmail(team: TeamContext, email: string): Promise<ClientData | null> {
    const key = clientEmailKey(email);
    if (key === null) return null;
    const row = await this.database
      .db('clients')
      .where({ team_id: team.teamId })
      .andWhereRaw('lower(trim(email)) = ?', [key])
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  /**
   * One lookup per kind of key, each on its own index (an OR of the three makes SQLite read every client of
   * the team), merged oldest first.
   */
  async findHolders(
    team: TeamContext,
    keys: { cpfs: readonly string[]; cnpjs: readonly string[]; emails: readonly string[] },
  ): Promise<ClientData[]> {
    const base = () => this.database.db('clients').where({ team_id: team.teamId });
    const lookups: PromiseLike<Row[]>[] = [];
    if (keys.cpfs.length)
      lookups.push(
        base()
          .whereIn('cpf', [...keys.cpfs])
          .select<Row[]>('*'),
      );
    if (keys.cnpjs.length)
      lookups.push(
        base()
          .whereIn('cnpj', [...keys.cnpjs])
          .select<Row[]>('*'),
      );
    if (keys.emails.length) {
      // The index on (team_id, lower(trim(email))) of migration 20261202000100 answers it.
      const marks = keys.emails.map(() => '?').join(', ');
      lookups.push(
        base()
          .whereRaw(`lower(trim(email)) in (${marks})`, [...keys.emails])
          .select<Row[]>('*'),
      );
    }
    const byId = new Map<string, ClientData>();
    // One after the other: inside a transaction they share one connection, where pg queues concurrent queries
    // (and warns that version 9 will refuse them).
    for (const lookup of lookups) for (const row of await lookup) byId.set(row.id as string, fromRow(row));
    return [...byId.values()].sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
  }

  /** A scan of the team's clients (no index holds phones without their formatting): a rare request, one team's rows. */
  async findByPhoneDigits(team: TeamContext, digits: readonly string[], limit: number): Promise<ClientData[]> {
    if (digits.length === 0) return [];
    const list = placeholders(digits.length);
    const rows = (await this.database
      .db('clients')
      .where({ team_id: team.teamId })
      .andWhere((w) => {
        for (const column of ['phone', 'mobile_phone', 'whatsapp']) w.orWhereRaw(`${phoneDigitsSql(column)} in (${list})`, [...digits]);
      })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(limit)) as Row[];
    return rows.map(fromRow);
  }

  async countActive(team: TeamContext): Promise<number> {
    return this.counts.total({ team_id: team.teamId, status: 'active' });
  }

  /** The row and its count in one transaction: the unit of work's, or one of its own when called alone. */
  async insert(client: ClientData): Promise<void> {
    await this.database.transaction(async () => {
      await this.versions.touch(client.teamId);
      await this.write(() => this.database.db('clients').insert(toRow(client)));
      await this.counts.move(null, countKeyOf(client));
    });
  }

  /**
   * The rows through the hot write path (each statement's text prepared once), the team's version moved once
   * and each count once by the number of clients it gains.
   */
  async insertMany(clients: readonly ClientData[]): Promise<void> {
    if (clients.length === 0) return;
    await this.database.transaction(async () => {
      const gains = new Map<string, { key: CountKey; n: number }>();
      for (const teamId of new Set(clients.map((c) => c.teamId))) await this.versions.touch(teamId);
      // On PostgreSQL one statement for them all; on SQLite one prepared statement a row.
      await this.write(() => this.database.writeRows(() => clients.map((client) => rowOf('clients', toRow(client)))));
      for (const client of clients) {
        const key = countKeyOf(client);
        const id = JSON.stringify(key);
        gains.set(id, { key, n: (gains.get(id)?.n ?? 0) + 1 });
      }
      for (const { key, n } of gains.values()) await this.counts.grow(key, n);
    });
  }

  async update(client: ClientData): Promise<void> {
    await this.database.transaction(async () => {
      await this.versions.touch(client.teamId);
      const where = { team_id: client.teamId, id: client.id };
      const old = await forUpdate<Row | undefined>(this.database, this.database.db('clients').where(where).first('status', 'type'));
      await this.write(() => this.database.db('clients').where(where).update(toRow(client)));
      if (!old) return;
      await this.counts.move(
        countKeyOf({ teamId: client.teamId, status: old.status as string, type: old.type as string }),
        countKeyOf(client),
      );
    });
  }

  /** A concurrent writer can take the CPF/CNPJ between our check and our write: the unique key decides. */
  private async write(op: () => Promise<unknown>): Promise<void> {
    try {
      await op();
    } catch (err) {
      if (isUniqueViolation(err)) throw new Duplicate('A client with this CPF or CNPJ already exists');
      throw err;
    }
  }
}
