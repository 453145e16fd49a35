import { ImportRowData, ImportRowStatus } from '../../domain/imports/import';
import { ImportRepository } from '../../domain/imports/import-repository';
import { NotFound } from '../../domain/shared/errors';
import { ListQuery, Page, UpdatedSince } from '../../domain/shared/list';
import { TeamContext } from '../../domain/shared/team';

export interface ListImportRowsCommand extends UpdatedSince {
  id: string;
  status?: ImportRowStatus;
  query: ListQuery<'line'>;
}

/** A row with the header of its file, to show its cells by column. */
export type ImportRowView = ImportRowData & { headers: string[] };

/** GET /imports/:id/rows: the rows of an import in the file's order, of one status or all. */
export class ListImportRows {
  constructor(private readonly imports: ImportRepository) {}

  async execute(team: TeamContext, { id, status, updatedSince, query }: ListImportRowsCommand): Promise<Page<ImportRowView>> {
    const found = await this.imports.findById(team, id);
    if (!found) throw new NotFound('Import not found');
    const page = await this.imports.listRows(team, id, {
      status,
      updatedSince,
      page: query.page,
      limit: query.limit,
      descending: query.sort.descending,
    });
    return { items: page.items.map((row) => ({ ...row, headers: found.plan.headers })), total: page.total };
  }
}
