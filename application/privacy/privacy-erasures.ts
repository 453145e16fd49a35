import { PrivacyErasureData } from '../../domain/privacy/privacy-erasure';
import { PrivacyErasureRepository } from '../../domain/privacy/privacy-erasure-repository';
import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page, UpdatedSince } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export interface ListPrivacyErasuresCommand extends UpdatedSince {
  query: ListQuery<'created_at'>;
}

/** GET /privacy/erasures: the team's privacy log, newest first. */
export class ListPrivacyErasures {
  constructor(private readonly erasures: PrivacyErasureRepository) {}

  execute(team: TeamContext, { query, updatedSince }: ListPrivacyErasuresCommand): Promise<Page<PrivacyErasureData>> {
    return this.erasures.list(team, { page: query.page, limit: query.limit, ascending: !query.sort.descending, updatedSince });
  }
}

/** GET /privacy/erasures/:id: one entry of the privacy log. */
export class GetPrivacyErasure {
  constructor(private readonly erasures: PrivacyErasureRepository) {}

  async execute(team: TeamContext, { id }: { id: string }): Promise<PrivacyErasureData> {
    const found = await this.erasures.findById(team, id);
    if (!found) throw new NotFound('Privacy erasure not found');
    return found;
  }
}
