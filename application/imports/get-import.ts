import { ImportData } from '../../domain/imports/import';
import { ImportRepository } from '../../domain/imports/import-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface GetImportCommand {
  id: string;
}

/** GET /imports/:id: an import and how far it got. */
export class GetImport {
  constructor(private readonly imports: ImportRepository) {}

  async execute(team: TeamContext, { id }: GetImportCommand): Promise<ImportData> {
    const found = await this.imports.findById(team, id);
    if (!found) throw new NotFound('Import not found');
    return found;
  }
}
