import { ImportData } from '../../domain/imports/import';
import { ImportRepository } from '../../domain/imports/import-repository';
import { ListQuery, Page, UpdatedSince } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export interface ListImportsCommand extends UpdatedSince {
  query: ListQuery<'created_at'>;
}

/** GET /imports: the team's imports, newest first. */
export class ListImports {
  constructor(private readonly imports: ImportRepository) {}

  execute(team: TeamContext, { query, updatedSince }: ListImportsCommand): Promise<Page<ImportData>> {
    return this.imports.list(team, { page: query.page, limit: query.limit, ascending: !query.sort.descending, updatedSince });
  }
}
