import { KeysetPage, KeysetQuery } from '../shared/keyset';
import { ListQuery, Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { WebhookEndpointData } from './webhook-endpoint';

export const WEBHOOK_SORT_FIELDS = ['name', 'created_at', 'updated_at'] as const;
export type WebhookSortField = (typeof WEBHOOK_SORT_FIELDS)[number];

export interface WebhookEndpointFilter extends UpdatedSince {
  isActive?: boolean;
}

/** An endpoint's signing secret as stored, sealed: what resealing under a new SECRETS_KEY reads and writes back. */
export interface SealedSigningSecret {
  teamId: string;
  id: string;
  signingSecret: string;
}

export interface WebhookEndpointRepository {
  list(team: TeamContext, filter: WebhookEndpointFilter, query: ListQuery<WebhookSortField>): Promise<Page<WebhookEndpointData>>;
  /** The team's endpoints, inactive ones included, newest first (created_at, then id). */
  listNewestFirst(team: TeamContext, query: KeysetQuery): Promise<KeysetPage<WebhookEndpointData>>;
  findById(team: TeamContext, id: string): Promise<WebhookEndpointData | null>;
  /**
   * The endpoint of a public inbound URL, whatever its team: the receiver has no API key, the
   * public id alone names the endpoint (and through it the team).
   */
  findByEndpointId(endpointId: string): Promise<WebhookEndpointData | null>;
  /** The team of an endpoint, for operator commands that name only the endpoint. */
  findTeamOf(id: string): Promise<TeamContext | null>;
  /** Slugs of the team's endpoints equal to `base` or of the form `base-N`. */
  slugsLike(team: TeamContext, base: string): Promise<string[]>;
  insert(endpoint: WebhookEndpointData): Promise<void>;
  update(endpoint: WebhookEndpointData): Promise<void>;
  /** The signing secret of every endpoint that keeps one (the signature modes), whatever its team, by team then id. */
  listSigningSecrets(): Promise<SealedSigningSecret[]>;
  /**
   * Stores `signingSecret` as the endpoint's, only while its stored one is still `previous` (a change of mode
   * in between wins); whether it did. The endpoint's `updated_at` stays: its secret is the same, sealed anew.
   */
  replaceSigningSecret(team: TeamContext, id: string, previous: string, signingSecret: string): Promise<boolean>;
  /** Permanent; returns whether there was one. */
  delete(team: TeamContext, id: string): Promise<boolean>;
}
