import { Page, UpdatedSince } from '../shared/list';
import { TeamContext } from '../shared/team';
import { PrivacyErasureData } from './privacy-erasure';

/** `updatedSince` compares `createdAt`: an entry is written once and never changes. */
export interface PrivacyErasureQuery extends UpdatedSince {
  page: number;
  limit: number;
  /** Oldest first rather than newest first. */
  ascending?: boolean;
}

/** The privacy log: written once per erasure, read by the team. */
export interface PrivacyErasureRepository {
  insert(entry: PrivacyErasureData): Promise<void>;
  findById(team: TeamContext, id: string): Promise<PrivacyErasureData | null>;
  /** The team's entries, newest first (or oldest). */
  list(team: TeamContext, query: PrivacyErasureQuery): Promise<Page<PrivacyErasureData>>;
}
