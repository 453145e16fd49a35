import { ArchiveProject, ArchivedProject } from '../../../application/projects/archive-project';
import { CreateCompany } from '../../../application/projects/create-company';
import { CreatePipeline } from '../../../application/projects/create-pipeline';
import { DeactivateCompany } from '../../../application/projects/deactivate-company';
import { DeactivateLead } from '../../../application/projects/deactivate-lead';
import { ColumnInput } from '../../../domain/projects/pipeline';
import { ValidationFailed } from '../../../domain/shared/errors';
import { isUuid } from '../../../domain/shared/values';
import { presentCompany, presentLead } from '../../http/projects/present-lead';
import { presentPipeline } from '../../http/projects/present-pipeline';
import { CliArgs, CliCommand } from '../cli';

export interface ProjectCommandUseCases {
  archiveProject: ArchiveProject;
  createPipeline: CreatePipeline;
  createCompany: CreateCompany;
  deactivateCompany: DeactivateCompany;
  deactivateLead: DeactivateLead;
}

/** What `project archive` prints, as the README documents it. */
const presentArchivedProject = (p: ArchivedProject) => ({ id: p.id, archived_at: p.archivedAt });

const uuidArg = (a: CliArgs, name: string): string => {
  const v = a.required(name);
  if (!isUuid(v)) throw new ValidationFailed(`--${name} must be a UUID`, name);
  return v;
};

export function projectCommands(uc: ProjectCommandUseCases): CliCommand[] {
  return [
    {
      name: 'project archive',
      usage: 'project archive --id ID',
      run: async (a) => presentArchivedProject(await uc.archiveProject.execute({ id: uuidArg(a, 'id') })),
    },
    {
      name: 'pipeline create',
      usage: 'pipeline create --project ID --name N --columns JSON [--loss-reasons JSON]',
      run: async (a) => presentPipeline(await uc.createPipeline.execute({
        projectId: uuidArg(a, 'project'),
        name: a.required('name'),
        columns: a.json<ColumnInput[]>('columns', true)!,
        lossReasons: a.json<{ name: string }[]>('loss-reasons'),
      })),
    },
    {
      name: 'company create',
      usage: 'company create --project ID --name N',
      run: async (a) => presentCompany(await uc.createCompany.execute({ projectId: uuidArg(a, 'project'), name: a.required('name') })),
    },
    {
      name: 'company deactivate',
      usage: 'company deactivate --id ID',
      run: async (a) => presentCompany(await uc.deactivateCompany.execute({ id: uuidArg(a, 'id') })),
    },
    {
      name: 'lead deactivate',
      usage: 'lead deactivate --id ID',
      run: async (a) => presentLead(await uc.deactivateLead.execute({ id: uuidArg(a, 'id') })),
    },
  ];
}
