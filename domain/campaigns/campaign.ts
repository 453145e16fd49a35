import { ChangeOf, carriesAny, requestName } from '../shared/changes';
import { InternalFailure, ValidationFailed } from '../shared/errors';
import { requireJsonDepth } from '../shared/json';
import { optionalCalendarDate } from '../shared/values';

/** Any JSON value: campaign goals are free form. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * Statuses of the older six-value contract. Clients still send them; storage refuses them, and the
 * contract keeps that refusal visible as 500 INTERNAL_ERROR with the record unchanged.
 */
export const REFUSED_CAMPAIGN_STATUSES = ['scheduled', 'cancelled'] as const;

export const DEFAULT_APPROVAL_STATUS = 'pending';

export interface CampaignData {
  id: string;
  teamId: string;
  projectId: string;
  name: string;
  description: string | null;
  status: CampaignStatus;
  approvalStatus: string;
  startDate: string | null;
  endDate: string | null;
  contentPillars: Json[];
  targetPlatforms: Json[];
  goals: Json;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What an update may change, in the order a change with none of them is told about: the one list of them. */
export const CAMPAIGN_CHANGE_FIELDS = [
  'name',
  'description',
  'status',
  'startDate',
  'endDate',
  'contentPillars',
  'targetPlatforms',
  'goals',
] as const satisfies readonly (keyof CampaignData)[];

/** The writable fields; on update only the keys present are applied. `status` is checked here: any text may come. */
export type CampaignChanges = ChangeOf<CampaignData, (typeof CAMPAIGN_CHANGE_FIELDS)[number], { status?: string }>;

const isRefused = (s: string): boolean => (REFUSED_CAMPAIGN_STATUSES as readonly string[]).includes(s);
const isAccepted = (s: string): s is CampaignStatus => (CAMPAIGN_STATUSES as readonly string[]).includes(s);

/** A status a write may carry: the four accepted ones; the two refused ones fail as storage does. */
export const parseCampaignStatus = (value: string): CampaignStatus => {
  if (isAccepted(value)) return value;
  if (isRefused(value)) throw new InternalFailure(`Campaign status ${value} is rejected by storage`);
  throw new ValidationFailed(`status must be one of ${CAMPAIGN_STATUSES.join(', ')}`, 'status');
};

/**
 * The `status` list filter: `archived` is ignored (no filter). The refused statuses are valid
 * values that no stored campaign can have. Anything else is an invalid enum.
 */
export const campaignStatusFilter = (value: string | undefined): string | undefined => {
  if (value === undefined || value === '' || value === 'archived') return undefined;
  if (isAccepted(value) || isRefused(value)) return value;
  throw new ValidationFailed(`status must be one of ${CAMPAIGN_STATUSES.join(', ')}`, 'status');
};

/** On creation the falsy scalars (and a missing value) mean "no goals yet": `{}`. */
export const goalsOnCreate = (goals: Json | undefined): Json =>
  goals === undefined || goals === null || goals === false || goals === 0 || goals === '' ? {} : goals;

const cloneJson = <T extends Json>(v: T): T => (v === null || typeof v !== 'object' ? v : structuredClone(v));

export class Campaign {
  private constructor(private data: CampaignData) {}

  static create(
    id: string,
    teamId: string,
    projectId: string,
    changes: CampaignChanges & { name: string },
    createdBy: string | null,
    now: Date,
  ): Campaign {
    const at = now.toISOString();
    const campaign = new Campaign({
      id,
      teamId,
      projectId,
      name: '',
      description: null,
      status: 'draft',
      approvalStatus: DEFAULT_APPROVAL_STATUS,
      startDate: null,
      endDate: null,
      contentPillars: [],
      targetPlatforms: [],
      goals: {},
      createdBy,
      createdAt: at,
      updatedAt: at,
    });
    campaign.data = Campaign.applied(campaign.data, { ...changes, goals: goalsOnCreate(changes.goals) });
    return campaign;
  }

  static restore(data: CampaignData): Campaign {
    return new Campaign(Campaign.copy(data));
  }

  get id(): string {
    return this.data.id;
  }
  get projectId(): string {
    return this.data.projectId;
  }
  get status(): CampaignStatus {
    return this.data.status;
  }

  snapshot(): CampaignData {
    return Campaign.copy(this.data);
  }

  /** Applies the fields given, all or nothing: a refused status leaves the campaign as it was. */
  update(changes: CampaignChanges, now: Date): void {
    if (!carriesAny(changes, CAMPAIGN_CHANGE_FIELDS)) {
      throw new ValidationFailed(`Send at least one of ${CAMPAIGN_CHANGE_FIELDS.map(requestName).join(', ')}`);
    }
    const next = Campaign.applied(this.data, changes);
    next.updatedAt = now.toISOString();
    this.data = next;
  }

  /**
   * Deleting an existing campaign is refused: the older contract cancelled it, and storage rejects
   * the cancelled status, so nothing is deleted and the caller sees 500 INTERNAL_ERROR.
   */
  delete(): never {
    throw new InternalFailure('Campaign deletion is rejected by storage');
  }

  private static applied(current: CampaignData, c: CampaignChanges): CampaignData {
    const next = Campaign.copy(current);
    if (c.name !== undefined) {
      const name = c.name.trim();
      if (!name) throw new ValidationFailed('name must not be empty', 'name');
      next.name = name;
    }
    if (c.description !== undefined) next.description = c.description;
    if (c.status !== undefined) next.status = parseCampaignStatus(c.status);
    // Errors name the request fields, as every answer does.
    if (c.startDate !== undefined) next.startDate = Campaign.date(c.startDate, 'start_date');
    if (c.endDate !== undefined) next.endDate = Campaign.date(c.endDate, 'end_date');
    if (c.contentPillars !== undefined) next.contentPillars = Campaign.list(c.contentPillars, 'content_pillars');
    if (c.targetPlatforms !== undefined) next.targetPlatforms = Campaign.list(c.targetPlatforms, 'target_platforms');
    if (c.goals !== undefined) next.goals = cloneJson(requireJsonDepth(c.goals, 'goals'));
    return next;
  }

  private static date(v: string | null, field: string): string | null {
    return optionalCalendarDate(v, field);
  }

  private static list(v: Json[], field: string): Json[] {
    if (!Array.isArray(v)) throw new ValidationFailed(`${field} must be an array`, field);
    return cloneJson(requireJsonDepth(v, field));
  }

  private static copy(d: CampaignData): CampaignData {
    return { ...d, contentPillars: cloneJson(d.contentPillars), targetPlatforms: cloneJson(d.targetPlatforms), goals: cloneJson(d.goals) };
  }
}
