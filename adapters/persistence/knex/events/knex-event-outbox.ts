import { Knex } from 'knex';
import { EventData, EventObject, EventPayload, EventStatus, EventType } from '../../../../domain/events/event';
import { EventBacklog, EventOutbox, EventPage, EventPageQuery } from '../../../../domain/events/event-outbox';
import { erasedEventData } from '../../../../domain/privacy/erased-events';
import { Redaction } from '../../../../domain/privacy/redaction';
import { TeamContext } from '../../../../domain/shared/team';
import { KnexDatabase } from '../shared/knex-database';
import { whereHoldsPerson } from '../shared/person-candidates';
import { rowOf } from '../shared/row-writes';
import { idChunks } from '../shared/id-chunks';
import { fromJson, toIso, toIsoOrNull, toNumberOrNull } from '../shared/rows';

type Row = Record<string, unknown>;

/** The log's (status, available_at, team_id) index (migration 20261130000100). */
const DUE_INDEX = 'events_status_available_at_team_id_index';
/** The log's (team_id, subject_id) index. */
const SUBJECT_INDEX = 'events_team_id_subject_id_index';
/** The log's (team_id, created_at, id) index: a team's events newest first. */
const PAGE_INDEX = 'events_team_id_created_at_id_index';
/** The log's (created_at, team_id) index: the retention purge. */
const AGE_INDEX = 'events_created_at_team_id_index';
/** The index SQLite makes for the (team_id, id) primary key of a table with no integer key. */
const SQLITE_PRIMARY_KEY = 'sqlite_autoindex_events_1';

/** An event as the log's row; the deal repository writes a new deal's events with it (KnexDealRepository.insert). */
export const eventRow = (e: EventData): Row => ({
  team_id: e.teamId,
  id: e.id,
  type: e.type,
  subject_id: e.subjectId,
  data: JSON.stringify(e.data),
  actor: e.actor,
  request_id: e.requestId,
  status: e.status,
  attempts: e.attempts,
  available_at: e.availableAt,
  last_error: e.lastError,
  created_at: e.createdAt,
  delivered_at: e.deliveredAt,
});

const fromRow = (r: Row): EventData => ({
  id: r.id as string,
  teamId: r.team_id as string,
  type: r.type as EventType,
  subjectId: r.subject_id as string,
  data: fromJson<EventPayload>(r.data, { object: {} }),
  actor: (r.actor as string | null) ?? null,
  requestId: (r.request_id as string | null) ?? null,
  status: r.status as EventStatus,
  attempts: Number(r.attempts),
  availableAt: toIso(r.available_at),
  lastError: (r.last_error as string | null) ?? null,
  createdAt: toIso(r.created_at),
  deliveredAt: toIsoOrNull(r.delivered_at),
});

/** Subjects looked up in one statement by an erasure's scrub. */
const SCRUB_SLICE = 500;

const SAVE_EVENT =
  'update "events" set "status" = ?, "available_at" = ?, "last_error" = ?, "delivered_at" = ? where "team_id" = ? and "id" = ? and "attempts" = ?';

export class KnexEventOutbox implements EventOutbox {
  constructor(private readonly database: KnexDatabase) {}

  /**
   * The outbox, read through `index` on SQLite: statistics taken while it held a few events make a scan
   * look cheaper to the planner, and it grows by an event per write, so each read would walk all of them.
   */
  private outbox(index: string): Knex.QueryBuilder<Row, Row[]> {
    const db = this.database.db;
    return this.database.dialect === 'sqlite' ? db.from(db.raw('?? indexed by ??', ['events', index])) : db('events');
  }

  async add(event: EventData): Promise<void> {
    await this.database.insert('events', eventRow(event));
  }

  /** On PostgreSQL one statement for them all; on SQLite one prepared statement a row. */
  async addAll(events: readonly EventData[]): Promise<void> {
    if (events.length === 0) return;
    await this.database.writeRows(() => events.map((event) => rowOf('events', eventRow(event))));
  }

  async findById(team: TeamContext, id: string): Promise<EventData | null> {
    const row = await this.database.db('events').where({ team_id: team.teamId, id }).first<Row | undefined>();
    return row ? fromRow(row) : null;
  }

  async listBySubject(team: TeamContext, subjectId: string): Promise<EventData[]> {
    const rows: Row[] = await this.outbox(SUBJECT_INDEX)
      .where({ team_id: team.teamId, subject_id: subjectId })
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    return rows.map(fromRow);
  }

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<EventData[]> {
    // One statement claims the batch. PostgreSQL skips the rows another node is claiming at this very
    // moment (SKIP LOCKED) instead of waiting for them; SQLite has one writer at a time, so the select
    // and the update see the same rows. Served by the (status, available_at) index.
    const due = (from: string) =>
      `select team_id, id from ${from} where status in ('pending', 'processing') and available_at <= ? ` +
      'order by available_at, id limit ?';
    const claim = "set status = 'processing', attempts = attempts + 1, available_at = ?";
    const lease = leaseUntil.toISOString();
    const dueBindings = [now.toISOString(), limit];
    let rows: Row[];
    if (this.database.dialect === 'postgres') {
      const result = await this.database.db.raw<{ rows: Row[] }>(
        `with due as (${due('events')} for update skip locked) update events ${claim} ` +
          'from due where events.team_id = due.team_id and events.id = due.id returning events.*',
        [...dueBindings, lease],
      );
      rows = result.rows;
    } else {
      // Pinned to the indexes, as `outbox` reads. A unit of work of its own: it waits for another
      // process's write lock beside the event loop (SQLite's own wait would stop it) and commits with the
      // units queued beside it.
      rows = await this.database.transaction(() =>
        this.database.db.raw<Row[]>(
          `update events indexed by ${SQLITE_PRIMARY_KEY} ${claim} ` +
            `where (team_id, id) in (${due(`events indexed by ${DUE_INDEX}`)}) returning *`,
          [lease, ...dueBindings],
        ),
      );
    }
    // RETURNING keeps no order: in the order they were written.
    return rows.map(fromRow).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1));
  }

  /** Through the hot write path: the dispatcher saves every event it hands out, one statement text prepared once. */
  async save(event: EventData): Promise<boolean> {
    const n = await this.database.change(SAVE_EVENT, [
      event.status,
      event.availableAt,
      event.lastError,
      event.deliveredAt,
      event.teamId,
      event.id,
      event.attempts,
    ]);
    return n === 1;
  }

  async page(team: TeamContext, query: EventPageQuery): Promise<EventPage | null> {
    let after: Row | undefined;
    if (query.startingAfter !== undefined) {
      after = await this.database
        .db('events')
        .where({ team_id: team.teamId, id: query.startingAfter })
        .first<Row | undefined>('created_at', 'id');
      if (!after) return null;
    }
    // One record's history is found by its subject; anything else is read newest first and filtered, an actor's
    // changes included (an index on the actor would cost every write: migration 20261203000100).
    const index = query.subjectId !== undefined ? SUBJECT_INDEX : PAGE_INDEX;
    const q = this.outbox(index).where({ team_id: team.teamId });
    if (query.subjectId !== undefined) q.where('subject_id', query.subjectId);
    if (query.actor !== undefined) q.where('actor', query.actor);
    if (query.types?.length) q.whereIn('type', [...query.types]);
    if (query.createdAfter !== undefined) q.where('created_at', '>', query.createdAfter);
    if (after) {
      const at = toIso(after.created_at);
      const id = after.id as string;
      q.where((w) => {
        void w.where('created_at', '<', at).orWhere((x) => {
          void x.where('created_at', '=', at).andWhere('id', '<', id);
        });
      });
    }
    const rows: Row[] = await q
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(query.limit + 1);
    return { data: rows.slice(0, query.limit).map(fromRow), hasMore: rows.length > query.limit };
  }

  async purgeBefore(cutoff: Date, limit: number): Promise<number> {
    // One statement a batch, oldest first: on SQLite pinned to the indexes as the claim is, and in a unit of
    // work (a lone write on SQLite goes through one).
    const old = (from: string) =>
      `select team_id, id from ${from} where created_at < ? and status = 'delivered' order by created_at limit ?`;
    const sql =
      this.database.dialect === 'sqlite'
        ? `delete from events indexed by ${SQLITE_PRIMARY_KEY} where (team_id, id) in (${old(`events indexed by ${AGE_INDEX}`)})`
        : `delete from events where (team_id, id) in (${old('events')})`;
    const bindings = [cutoff.toISOString(), limit];
    return this.database.transaction(async () => {
      const result: unknown = await this.database.db.raw(sql, bindings);
      // node-postgres answers { rowCount }; better-sqlite3 through Knex answers the statement's changes.
      if (this.database.dialect === 'postgres') return Number((result as { rowCount: number }).rowCount);
      const [{ n }] = await this.database.db.raw<{ n: number }[]>('select changes() as n');
      return Number(n);
    });
  }

  async backlog(): Promise<EventBacklog> {
    // Served by the (status, available_at) index, like claimDue.
    const row = await this.outbox(DUE_INDEX)
      .whereIn('status', ['pending', 'processing'])
      .count({ pending: '*' })
      .min({ oldest: 'created_at' })
      .first<Row | undefined>();
    return { pending: toNumberOrNull(row?.pending) ?? 0, oldestCreatedAt: toIsoOrNull(row?.oldest) };
  }

  /** Through the (team_id, subject_id) index, a slice of subjects at a time. */
  async listBySubjects(team: TeamContext, subjectIds: readonly string[], limit: number): Promise<EventData[]> {
    const found: EventData[] = [];
    for (const ids of idChunks([...new Set(subjectIds)])) {
      const rows: Row[] = await this.outbox(SUBJECT_INDEX)
        .where({ team_id: team.teamId })
        .whereIn('subject_id', ids)
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .limit(limit);
      found.push(...rows.map(fromRow));
    }
    return found
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, limit);
  }

  /**
   * The events about the person's records, through the (team_id, subject_id) index a slice at a time, and the
   * team's other events whose data holds a candidate of the redaction (a scan of the team's events).
   */
  async scrub(team: TeamContext, patches: Readonly<Record<string, EventObject>>, redaction: Redaction): Promise<number> {
    const db = this.database.db;
    const found = new Map<string, { subjectId: string; data: EventPayload }>();
    const subjects = Object.keys(patches);
    for (let i = 0; i < subjects.length; i += SCRUB_SLICE) {
      const rows: Row[] = await this.outbox(SUBJECT_INDEX)
        .select('id', 'subject_id', 'data')
        .where({ team_id: team.teamId })
        .whereIn('subject_id', subjects.slice(i, i + SCRUB_SLICE));
      for (const r of rows)
        found.set(r.id as string, { subjectId: r.subject_id as string, data: fromJson<EventPayload>(r.data, { object: {} }) });
    }
    if (!redaction.isEmpty) {
      const rows = (await whereHoldsPerson(
        db('events').select('id', 'subject_id', 'data').where({ team_id: team.teamId }),
        this.database.dialect,
        ['data'],
        redaction,
      )) as Row[];
      for (const r of rows) {
        const data = fromJson<EventPayload>(r.data, { object: {} });
        if (!found.has(r.id as string) && redaction.touches(data)) found.set(r.id as string, { subjectId: r.subject_id as string, data });
      }
    }
    let changed = 0;
    for (const [id, { subjectId, data }] of found) {
      const text = JSON.stringify(erasedEventData(data, patches[subjectId], redaction));
      if (text === JSON.stringify(data)) continue;
      await db('events').where({ team_id: team.teamId, id }).update({ data: text });
      changed++;
    }
    return changed;
  }
}
