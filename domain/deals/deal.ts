// A sales opportunity. Legacy global deals and project deals share one record (spec 2.1) so the
// response shape is stable: the fields of the other scope are simply null. A project deal is a card
// on one of a project's pipelines, for one main lead; it only ever starts in an `open` column.
import { ChangeOf, carriesAny } from '../shared/changes';
import { NotFound, ValidationFailed } from '../shared/errors';
import { isUuid, optionalCalendarDate } from '../shared/values';
import { PipelineColumn } from '../projects/pipeline';
import { ERASED_NAME, Redaction } from '../privacy/redaction';
import { DealEventDraft } from './deal-events';

export type DealScope = 'global' | 'project';

export const DEAL_PRIORITIES = ['baixa', 'media', 'alta'] as const;
export type DealPriority = (typeof DEAL_PRIORITIES)[number];

export const DEAL_STATUS_ACTIVE = 'ativo';
export const DEAL_STATUS_ARCHIVED = 'arquivado';
export const DEFAULT_DEAL_PHASE = 'lead';
export const DEFAULT_DEAL_CURRENCY = 'BRL';

export interface DealData {
  id: string;
  teamId: string;
  scope: DealScope;
  projectId: string | null;
  pipelineId: string | null;
  title: string;
  description: string | null;
  value: number | null;
  currency: string;
  phase: string;
  priority: DealPriority;
  /** `ativo`, `arquivado`, or a value a legacy integration stored (the spec leaves others open). */
  status: string;
  probability: number | null;
  expectedCloseDate: string | null;
  source: string | null;
  lossReason: string | null;
  tags: string[];
  isStarred: boolean;
  clientId: string | null;
  responsibleId: string | null;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;

  // Project scope only: null on a global deal. Filled by project deal writes.
  leadId: string | null;
  attribution: Record<string, unknown> | null;
  metadata: Record<string, unknown> | null;
  customFields: Record<string, unknown> | null;
  position: number | null;
  originType: string | null;
  sourcePath: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  /** Snapshots of the main contact at the time the deal was created. */
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  checklist: unknown[] | null;
  lossReasonId: string | null;
  lossNote: string | null;
  winNote: string | null;
  wonAt: string | null;
  lostAt: string | null;

  // AI data: written by analysis jobs, never by the legacy routes.
  aiSummary: string | null;
  aiWinProbability: number | null;
  aiAnalyzedAt: string | null;
}

/** The project-scope fields, all null: what a global deal carries for them. */
export const EMPTY_PROJECT_FIELDS = {
  leadId: null,
  attribution: null,
  metadata: null,
  customFields: null,
  position: null,
  originType: null,
  sourcePath: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  utmTerm: null,
  utmContent: null,
  contactName: null,
  contactEmail: null,
  contactPhone: null,
  checklist: null,
  lossReasonId: null,
  lossNote: null,
  winNote: null,
  wonAt: null,
  lostAt: null,
} as const satisfies Partial<DealData>;

/** A new legacy global deal: its title, and any of the other fields (the entity checks each one). */
export interface NewGlobalDeal {
  title: string;
  description?: string | null;
  value?: number | null;
  phase?: string;
  priority?: string;
  expectedCloseDate?: string | null;
  probability?: number | null;
  responsibleId?: string | null;
  source?: string | null;
  clientId?: string | null;
  tags?: string[];
}

export interface ProjectDealLead {
  id: string;
  fullName: string;
  email: string | null;
  phone: string | null;
}

/** A new project deal: where it starts, for whom, and any of the other fields. */
export interface NewProjectDeal {
  projectId: string;
  pipelineId: string;
  column: PipelineColumn;
  lead: ProjectDealLead;
  title?: string | null;
  description?: string | null;
  value?: number | null;
  /** A three-letter ISO 4217 code; BRL when absent. */
  currency?: string | null;
  priority?: string;
  probability?: number | null;
  expectedCloseDate?: string | null;
  responsibleId?: string | null;
  source?: string | null;
  tags?: string[];
  /** The UTM parameters the deal came with (`source` is `utm_source`, and so on). */
  utm?: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string | null>>;
  attribution?: Record<string, unknown> | null;
  metadata?: Record<string, unknown>;
  customFields?: Record<string, unknown>;
  originType?: string | null;
  sourcePath?: string | null;
}

export interface ProjectDealMove {
  /** Checked by `Pipeline.moveTarget`: a won column comes with its note, a lost one with its reason. */
  column: PipelineColumn;
  winNote: string | null;
  lossReason: { id: string; name: string } | null;
  position?: number | null;
}

/**
 * What PUT /deals/:id may change of a legacy global deal, in the order a change with none of them is told
 * about: the one list of them. The change type, the entity's check and the request's field names
 * (`expected_close_date`…) follow from it.
 */
export const DEAL_CHANGE_FIELDS = [
  'title',
  'description',
  'value',
  'phase',
  'priority',
  'status',
  'probability',
  'expectedCloseDate',
  'responsibleId',
  'source',
  'clientId',
  'tags',
  'isStarred',
  'lossReason',
] as const satisfies readonly (keyof DealData)[];

/** The change to a legacy global deal; only the keys present are applied. `priority` is checked here: any text may come. */
export type DealChanges = ChangeOf<DealData, (typeof DEAL_CHANGE_FIELDS)[number], { priority?: string }>;

/**
 * What PUT /projects/:id/deals/:dealId may change of a project deal, in the order a change with none of them
 * is told about. The column is not among them: a deal changes column only by a move, which checks the
 * column's outcome (`Pipeline.moveTarget`).
 */
export const PROJECT_DEAL_CHANGE_FIELDS = [
  'title',
  'description',
  'value',
  'currency',
  'priority',
  'probability',
  'expectedCloseDate',
  'responsibleId',
  'source',
  'tags',
  'isStarred',
  'customFields',
  'attribution',
  'metadata',
] as const satisfies readonly (keyof DealData)[];

/** The change to a project deal; only the keys present are applied. */
export type ProjectDealChanges = ChangeOf<DealData, (typeof PROJECT_DEAL_CHANGE_FIELDS)[number], { priority?: string }>;

/**
 * 404 `NOT_FOUND` of a legacy route (no project named) reaching a project deal of the caller's own team: the
 * deal is not in that scope, and the answer says where it is (`details.project_id`). Only ever thrown for a
 * deal the team holds, so it tells no other team anything.
 */
export class ProjectDealOutOfScope extends NotFound {
  constructor(message: string, projectId: string) {
    super(message, undefined, { project_id: projectId });
  }
}

export interface ArchivedDeal {
  id: string;
  status: string;
  archivedAt: string;
}

const copy = (d: DealData): DealData => ({
  ...d,
  tags: [...d.tags],
  attribution: d.attribution && { ...d.attribution },
  metadata: d.metadata && { ...d.metadata },
  customFields: d.customFields && { ...d.customFields },
  checklist: d.checklist && [...d.checklist],
});

export class Deal {
  private events: DealEventDraft[] = [];

  private constructor(private data: DealData) {}

  /** POST /deals: a legacy global deal with the spec's defaults; raises `deal.created`. */
  static createGlobal(id: string, teamId: string, input: NewGlobalDeal, now: Date): Deal {
    const deal = new Deal(Deal.blank(id, teamId, now));
    if (input.title === undefined) throw new ValidationFailed('title is required', 'title');
    // The legacy API stored "no value" as 0; the contract keeps that on creation only.
    const value = input.value === 0 ? null : input.value;
    deal.apply({ ...input, value });
    deal.events.push({ type: 'deal.created', dealId: id });
    return deal;
  }

  /**
   * A project deal in an open column of its pipeline, titled after its lead unless given a title,
   * with the lead's contact data as they are now; raises `deal.created`.
   */
  static createInProject(id: string, teamId: string, input: NewProjectDeal, now: Date): Deal {
    if (input.column.outcome !== 'open') throw new ValidationFailed('A deal can only start in an open column', 'phase');
    const utm = input.utm ?? {};
    const deal = new Deal({
      ...Deal.blank(id, teamId, now),
      scope: 'project',
      projectId: input.projectId,
      pipelineId: input.pipelineId,
      phase: input.column.slug,
      leadId: input.lead.id,
      attribution: input.attribution ? structuredClone(input.attribution) : null,
      metadata: structuredClone(input.metadata ?? {}),
      customFields: structuredClone(input.customFields ?? {}),
      originType: input.originType ?? null,
      sourcePath: input.sourcePath ?? null,
      utmSource: utm.source ?? null,
      utmMedium: utm.medium ?? null,
      utmCampaign: utm.campaign ?? null,
      utmTerm: utm.term ?? null,
      utmContent: utm.content ?? null,
      contactName: input.lead.fullName,
      contactEmail: input.lead.email,
      contactPhone: input.lead.phone,
    });
    // The lead's name as it is, untrimmed: a title given is trimmed.
    const title = (input.title ?? '').trim() || input.lead.fullName;
    if (!title) throw new ValidationFailed('title must not be empty', 'title');
    deal.data.title = title;
    // As on the legacy route, 0 on creation means "no value".
    deal.apply({
      description: input.description,
      value: input.value === 0 ? null : input.value,
      source: input.source,
      tags: input.tags ?? [],
      priority: input.priority,
      probability: input.probability,
      expectedCloseDate: input.expectedCloseDate,
      responsibleId: input.responsibleId,
    });
    if (input.currency !== undefined && input.currency !== null) deal.data.currency = parseCurrency(input.currency);
    deal.events.push({ type: 'deal.created', dealId: id });
    return deal;
  }

  /** A global deal with the spec's defaults and nothing else: what both factories start from. */
  private static blank(id: string, teamId: string, now: Date): DealData {
    const at = now.toISOString();
    return {
      id,
      teamId,
      scope: 'global',
      projectId: null,
      pipelineId: null,
      title: '',
      description: null,
      value: null,
      currency: DEFAULT_DEAL_CURRENCY,
      phase: DEFAULT_DEAL_PHASE,
      priority: 'media',
      status: DEAL_STATUS_ACTIVE,
      probability: null,
      expectedCloseDate: null,
      source: null,
      lossReason: null,
      tags: [],
      isStarred: false,
      clientId: null,
      responsibleId: null,
      archivedAt: null,
      createdAt: at,
      updatedAt: at,
      ...EMPTY_PROJECT_FIELDS,
      aiSummary: null,
      aiWinProbability: null,
      aiAnalyzedAt: null,
    };
  }

  static restore(data: DealData): Deal {
    return new Deal(copy(data));
  }

  get id(): string {
    return this.data.id;
  }
  get scope(): DealScope {
    return this.data.scope;
  }
  get projectId(): string | null {
    return this.data.projectId;
  }
  get pipelineId(): string | null {
    return this.data.pipelineId;
  }
  get phase(): string {
    return this.data.phase;
  }
  get status(): string {
    return this.data.status;
  }
  get clientId(): string | null {
    return this.data.clientId;
  }
  get archivedAt(): string | null {
    return this.data.archivedAt;
  }

  snapshot(): DealData {
    return copy(this.data);
  }

  /** The events raised since the last call, for the outbox written in the same transaction. */
  pullEvents(): DealEventDraft[] {
    const out = this.events;
    this.events = [];
    return out;
  }

  /**
   * Legacy routes must never reach a project deal: to them it does not exist. The deal was read in the
   * caller's team, so the 404 may say where it is: `hint` says what to do instead.
   */
  assertGlobal(hint: (projectId: string) => string = () => 'use the project deal routes'): void {
    if (this.data.scope === 'global') return;
    const projectId = this.data.projectId;
    if (projectId === null) throw new NotFound('Deal not found');
    throw new ProjectDealOutOfScope(
      `Deal not found among legacy deals: it is a deal of project ${projectId}; ${hint(projectId)}`,
      projectId,
    );
  }

  /** Project routes reach only the deals of that project: to them any other deal does not exist. */
  assertInProject(projectId: string): void {
    if (this.data.scope !== 'project' || this.data.projectId !== projectId) throw new NotFound('Deal not found');
  }

  /**
   * POST /deals/:id/move: a project deal changes column. Reaching a won or lost column stamps the
   * outcome (note, reason, time); going back to an open column clears it. A change of column raises
   * `deal.stage_changed` (and `deal.won` or `deal.lost` into such a column); a move within the column raises `deal.updated`.
   */
  moveInProject(move: ProjectDealMove, now: Date): void {
    if (this.data.scope !== 'project') throw new NotFound('Deal not found');
    if (move.position !== undefined && move.position !== null && !Number.isFinite(move.position)) {
      throw new ValidationFailed('position must be a number', 'position');
    }
    const at = now.toISOString();
    const d = this.data;
    const from = d.phase;
    d.phase = move.column.slug;
    if (move.column.outcome === 'won') {
      d.winNote = move.winNote;
      d.wonAt = from === d.phase && d.wonAt ? d.wonAt : at;
      d.lostAt = null;
      d.lossReasonId = null;
      d.lossReason = null;
    } else if (move.column.outcome === 'lost') {
      d.lossReasonId = move.lossReason?.id ?? null;
      d.lossReason = move.lossReason?.name ?? null;
      d.lostAt = from === d.phase && d.lostAt ? d.lostAt : at;
      d.wonAt = null;
      d.winNote = null;
    } else {
      d.wonAt = null;
      d.lostAt = null;
      d.winNote = null;
      d.lossReasonId = null;
      d.lossReason = null;
    }
    if (move.position !== undefined) d.position = move.position;
    d.updatedAt = at;
    if (from === d.phase) this.events.push({ type: 'deal.updated', dealId: d.id });
    else {
      this.events.push({ type: 'deal.stage_changed', dealId: d.id });
      if (move.column.outcome === 'won') this.events.push({ type: 'deal.won', dealId: d.id });
      if (move.column.outcome === 'lost') this.events.push({ type: 'deal.lost', dealId: d.id });
    }
  }

  /**
   * A personal data erasure of its contact: the snapshot of the main contact becomes the placeholder name
   * without e-mail or phone, and the person's values leave its texts (title, notes, UTM, paths) and JSON
   * (attribution, metadata, custom values, checklist). Value, phase, status, times and links are the business's
   * own and stay. Raises no event.
   */
  anonymise(redaction: Redaction, now: Date): DealData {
    const d = this.data;
    d.contactName = d.contactName === null ? null : ERASED_NAME;
    d.contactEmail = null;
    d.contactPhone = null;
    d.title = redaction.requiredText(d.title);
    const texts = ['description', 'source', 'lossReason', 'lossNote', 'winNote', 'aiSummary', 'originType', 'sourcePath'] as const;
    for (const f of texts) d[f] = redaction.optionalText(d[f]);
    for (const f of ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent'] as const) d[f] = redaction.optionalText(d[f]);
    d.attribution = d.attribution && redaction.json(d.attribution);
    d.metadata = d.metadata && redaction.json(d.metadata);
    d.customFields = d.customFields && redaction.json(d.customFields);
    d.checklist = d.checklist && redaction.json(d.checklist);
    d.tags = redaction.list(d.tags);
    d.updatedAt = now.toISOString();
    return this.snapshot();
  }

  /**
   * PUT /projects/:id/deals/:dealId: only the fields given, never the column (a move changes it); raises
   * `deal.updated`. `value` is kept as sent, 0 included, as PUT /deals keeps it.
   */
  updateInProject(changes: ProjectDealChanges, now: Date): void {
    if (this.data.scope !== 'project') throw new NotFound('Deal not found');
    if (!carriesAny(changes, PROJECT_DEAL_CHANGE_FIELDS)) throw new ValidationFailed('No updatable field given');
    const { currency, customFields, attribution, metadata, ...common } = changes;
    this.apply(common);
    if (currency !== undefined) this.data.currency = parseCurrency(currency);
    if (customFields !== undefined) this.data.customFields = structuredClone(requireObject(customFields, 'custom_fields') ?? {});
    if (metadata !== undefined) this.data.metadata = structuredClone(requireObject(metadata, 'metadata') ?? {});
    if (attribution !== undefined)
      this.data.attribution = attribution === null ? null : structuredClone(requireObject(attribution, 'attribution'));
    this.data.updatedAt = now.toISOString();
    this.events.push({ type: 'deal.updated', dealId: this.data.id });
  }

  /** PUT /deals/:id: only the fields given; raises `deal.updated`, and `deal.stage_changed` / `deal.archived` when the phase / status moves there. */
  update(changes: DealChanges, now: Date): void {
    this.assertGlobal((p) => `change it with PUT /projects/${p}/deals/${this.data.id}, move it with POST /deals/${this.data.id}/move`);
    if (!carriesAny(changes, DEAL_CHANGE_FIELDS)) throw new ValidationFailed('No updatable field given');
    const from = this.data.phase;
    const wasArchived = this.data.status === DEAL_STATUS_ARCHIVED;
    this.apply(changes);
    const at = now.toISOString();
    if (changes.status !== undefined) this.settleStatus(changes.status, at);
    this.data.updatedAt = at;
    this.events.push({ type: 'deal.updated', dealId: this.data.id });
    if (this.data.phase !== from) this.events.push({ type: 'deal.stage_changed', dealId: this.data.id });
    if (!wasArchived && this.data.status === DEAL_STATUS_ARCHIVED) this.events.push({ type: 'deal.archived', dealId: this.data.id });
  }

  /** DELETE /deals/:id keeps the record; archiving twice answers the first archival. */
  archive(now: Date): ArchivedDeal {
    this.assertGlobal(
      (p) => `this route archives legacy deals only; move it to a lost column with POST /deals/${this.data.id}/move and project_id ${p}`,
    );
    if (this.data.status !== DEAL_STATUS_ARCHIVED || this.data.archivedAt === null) {
      const at = now.toISOString();
      this.data.status = DEAL_STATUS_ARCHIVED;
      this.data.archivedAt = this.data.archivedAt ?? at;
      this.data.updatedAt = at;
      this.events.push({ type: 'deal.archived', dealId: this.data.id });
    }
    return { id: this.data.id, status: this.data.status, archivedAt: this.data.archivedAt };
  }

  /** A status written by PUT keeps `archived_at` consistent with it. */
  private settleStatus(status: string, at: string): void {
    if (status === DEAL_STATUS_ARCHIVED) this.data.archivedAt = this.data.archivedAt ?? at;
    else this.data.archivedAt = null;
  }

  private apply(c: DealChanges): void {
    if (c.title !== undefined) {
      const title = typeof c.title === 'string' ? c.title.trim() : '';
      if (!title) throw new ValidationFailed('title must not be empty', 'title');
      this.data.title = title;
    }
    if (c.description !== undefined) this.data.description = c.description;
    if (c.value !== undefined) {
      if (c.value !== null && !Number.isFinite(c.value)) throw new ValidationFailed('value must be a number', 'value');
      this.data.value = c.value;
    }
    if (c.phase !== undefined) {
      // Free text: legacy integrations send their own phases.
      const phase = typeof c.phase === 'string' ? c.phase.trim() : '';
      if (!phase) throw new ValidationFailed('phase must not be empty', 'phase');
      this.data.phase = phase;
    }
    if (c.priority !== undefined) this.data.priority = parsePriority(c.priority);
    if (c.status !== undefined) {
      const status = typeof c.status === 'string' ? c.status.trim() : '';
      if (!status) throw new ValidationFailed('status must not be empty', 'status');
      this.data.status = status;
    }
    if (c.probability !== undefined) {
      if (c.probability !== null && !(Number.isFinite(c.probability) && c.probability >= 0 && c.probability <= 100)) {
        throw new ValidationFailed('probability must be between 0 and 100', 'probability');
      }
      this.data.probability = c.probability;
    }
    if (c.expectedCloseDate !== undefined) {
      this.data.expectedCloseDate = optionalCalendarDate(c.expectedCloseDate, 'expected_close_date');
    }
    if (c.responsibleId !== undefined) {
      if (c.responsibleId !== null && !isUuid(c.responsibleId)) {
        throw new ValidationFailed('responsible_id must be a UUID', 'responsible_id');
      }
      this.data.responsibleId = c.responsibleId;
    }
    if (c.clientId !== undefined) {
      if (c.clientId !== null && !isUuid(c.clientId)) throw new ValidationFailed('client_id must be a UUID', 'client_id');
      this.data.clientId = c.clientId;
    }
    if (c.source !== undefined) this.data.source = c.source;
    if (c.lossReason !== undefined) this.data.lossReason = c.lossReason;
    if (c.tags !== undefined) {
      if (!Array.isArray(c.tags) || c.tags.some((t) => typeof t !== 'string')) {
        throw new ValidationFailed('tags must be a list of strings', 'tags');
      }
      this.data.tags = [...c.tags];
    }
    if (c.isStarred !== undefined) this.data.isStarred = c.isStarred;
  }
}

export const isDealPriority = (v: unknown): v is DealPriority =>
  typeof v === 'string' && (DEAL_PRIORITIES as readonly string[]).includes(v);

/** An ISO 4217 code as people type it (`brl`, ` BRL `), kept in upper case. */
const parseCurrency = (v: unknown): string => {
  const code = typeof v === 'string' ? v.trim().toUpperCase() : '';
  if (!/^[A-Z]{3}$/.test(code)) throw new ValidationFailed('currency must be a three-letter ISO 4217 code, such as BRL', 'currency');
  return code;
};

const requireObject = (v: unknown, field: string): Record<string, unknown> | null => {
  if (v === null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw new ValidationFailed(`${field} must be an object`, field);
  return v as Record<string, unknown>;
};

const parsePriority = (v: unknown): DealPriority => {
  if (!isDealPriority(v)) throw new ValidationFailed(`priority must be one of ${DEAL_PRIORITIES.join(', ')}`, 'priority');
  return v;
};
