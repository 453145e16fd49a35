import { RecordLocks } from '../shared/record-locks';
import { ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { ClientData, ClientStatus, ClientType } from './client';

export const CLIENT_SORT_FIELDS = ['full_name', 'email', 'created_at', 'updated_at', 'is_active'] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];

export interface ClientFilter extends UpdatedSince {
  type?: ClientType;
  status: ClientStatus;
}

export interface ClientRepository extends RecordLocks {
  list(team: TeamContext, filter: ClientFilter, query: ListQuery<ClientSortField>): Promise<Page<ClientData>>;
  findById(team: TeamContext, id: string): Promise<ClientData | null>;
  /** The client holding this normalized CPF or CNPJ, active or not, other than `exceptId`. */
  findByDocument(team: TeamContext, doc: { cpf?: string; cnpj?: string }, exceptId?: string): Promise<ClientData | null>;
  /**
   * The team's client with this e-mail, compared trimmed and in any case, active or not; the oldest when
   * several hold it (an e-mail is not unique). Null for an empty one.
   */
  findByEmail(team: TeamContext, email: string): Promise<ClientData | null>;
  /**
   * The clients holding any of these CPFs, CNPJs or e-mails (trimmed, in lower case), active or not, oldest
   * first: what a batch of items may name, read at once.
   */
  findHolders(
    team: TeamContext,
    keys: { cpfs: readonly string[]; cnpjs: readonly string[]; emails: readonly string[] },
  ): Promise<ClientData[]>;
  /**
   * The clients whose phone, mobile phone or WhatsApp, without the formatting people write around the digits
   * (spaces, `-`, `(`, `)`, `.`, `/`, `+`), is one of `digits`; active or not, oldest first, at most `limit`.
   */
  findByPhoneDigits(team: TeamContext, digits: readonly string[], limit: number): Promise<ClientData[]>;
  countActive(team: TeamContext): Promise<number>;
  insert(client: ClientData): Promise<void>;
  /** Clients of one team inserted together, as `insert` inserts one. */
  insertMany(clients: readonly ClientData[]): Promise<void>;
  update(client: ClientData): Promise<void>;
}
