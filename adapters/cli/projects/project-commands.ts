import { ArchiveProject, ArchivedProject } from '../../../application/projects/archive-project';
import { CreateCompany } from '../../../application/projects/create-company';
import { CreatePipeline } from '../../../application/projects/create-pipeline';
import { DeactivateCompany } from '../../../application/projects/deactivate-company';
import { DeactivateLead } from '../../../application/projects/deactivate-lead';
import { ColumnInput } from '../../../domain/projects/pipeline';
import { CliCommand } from '../cli';

export interface ProjectCommandUseCases {
  archiveProject: ArchiveProject;
  createPipeline: CreatePipeline;
  createCompany: CreateCompany;
  deactivateCompany: DeactivateCompany;
  deactivateLead: DeactivateLead;
}

/** What `project archive` prints, as docs/operations.md documents it. */
/** Loaded when a command runs: declaring the commands (for help) loads no HTTP schema. */
const presenters = () =>
  Promise.resolve({
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs, as said above
    ...(require('../../http/projects/present-lead') as typeof import('../../http/projects/present-lead')),
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs, as said above
    ...(require('../../http/projects/present-pipeline') as typeof import('../../http/projects/present-pipeline')),
  });

const presentArchivedProject = (p: ArchivedProject) => ({ id: p.id, archived_at: p.archivedAt });

const id = (what: string) => ({ name: 'id', type: 'uuid', required: true, value: 'ID', description: `The ${what}'s id.` }) as const;
const PROJECT = { name: 'project', type: 'uuid', required: true, value: 'ID', description: "The project's id." } as const;
const EXAMPLE_PROJECT = '019a2b3c-9999-7000-8000-00000000c001';

export function projectCommands(uc: () => ProjectCommandUseCases): CliCommand[] {
  return [
    {
      name: 'project archive',
      description: 'Archive a project.',
      flags: [id('project')],
      example: `workspace-admin project archive --id ${EXAMPLE_PROJECT}`,
      run: async (a) => presentArchivedProject(await uc().archiveProject.execute({ id: a.uuid('id') })),
    },
    {
      name: 'pipeline create',
      description: 'Add a kanban pipeline to a project, with its columns and loss reasons.',
      flags: [
        PROJECT,
        { name: 'name', type: 'string', required: true, value: 'NAME', description: "The pipeline's name." },
        {
          name: 'columns',
          type: 'json',
          required: true,
          description: 'The columns, in order: [{"slug", "title", "outcome": "open"|"won"|"lost"}].',
        },
        { name: 'loss-reasons', type: 'json', description: 'The reasons a deal is lost: [{"name"}].' },
      ],
      example: `workspace-admin pipeline create --project ${EXAMPLE_PROJECT} --name Vendas --columns '[{"slug":"novo","title":"Novo","outcome":"open"},{"slug":"ganho","title":"Ganho","outcome":"won"}]'`,
      run: async (a) =>
        (await presenters()).presentPipeline(
          await uc().createPipeline.execute({
            projectId: a.uuid('project'),
            name: a.required('name'),
            columns: a.json<ColumnInput[]>('columns', true)!,
            lossReasons: a.json<{ name: string }[]>('loss-reasons'),
          }),
        ),
    },
    {
      name: 'company create',
      description: 'Add a company to a project (its leads can belong to it).',
      flags: [PROJECT, { name: 'name', type: 'string', required: true, value: 'NAME', description: "The company's name." }],
      example: `workspace-admin company create --project ${EXAMPLE_PROJECT} --name "Padaria Pão Quente"`,
      run: async (a) =>
        (await presenters()).presentCompany(await uc().createCompany.execute({ projectId: a.uuid('project'), name: a.required('name') })),
    },
    {
      name: 'company deactivate',
      description: 'Deactivate a company.',
      flags: [id('company')],
      example: 'workspace-admin company deactivate --id 019a2b3c-9999-7000-8000-00000000e001',
      run: async (a) => (await presenters()).presentCompany(await uc().deactivateCompany.execute({ id: a.uuid('id') })),
    },
    {
      name: 'lead deactivate',
      description: 'Deactivate a project lead.',
      flags: [id('lead')],
      example: 'workspace-admin lead deactivate --id 019a2b3c-9999-7000-8000-00000000f001',
      run: async (a) => (await presenters()).presentLead(await uc().deactivateLead.execute({ id: a.uuid('id') })),
    },
  ];
}
