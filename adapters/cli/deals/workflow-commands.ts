import { CreateWorkflow } from '../../../application/deals/create-workflow';
import { DeleteWorkflow } from '../../../application/deals/delete-workflow';
import { ListWorkflows } from '../../../application/deals/list-workflows';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { ListWorkflowRuns } from '../../../application/deals/list-workflow-runs';
import { WORKFLOW_EVENTS } from '../../../domain/deals/workflow';
import { WORKFLOW_ACTIONS, WorkflowData, WorkflowRunData } from '../../../domain/deals/workflow';
import { CliCommand, TEAM_FLAG } from '../cli';
import { PAGE_FLAGS, listOutput, pageArgs } from '../pages';

export const presentWorkflow = (w: WorkflowData) => ({
  id: w.id,
  team_id: w.teamId,
  event: w.event,
  action: w.action,
  config: w.config,
  is_active: w.isActive,
  created_at: w.createdAt,
  updated_at: w.updatedAt,
});

export const presentWorkflowRun = (r: WorkflowRunData) => ({
  id: r.id,
  workflow_id: r.workflowId,
  event: r.event,
  entity_id: r.entityId,
  status: r.status,
  error: r.error,
  created_at: r.createdAt,
});

export interface WorkflowCommandUseCases {
  create: CreateWorkflow;
  list: ListWorkflows;
  delete: DeleteWorkflow;
  runs: ListWorkflowRuns;
  dispatch: DispatchDealEvents;
}

export function workflowCommands(uc: () => WorkflowCommandUseCases): CliCommand[] {
  return [
    {
      name: 'workflow create',
      description: "Set up a team's automation: on a deal event, create an activity or a task for the deal.",
      flags: [
        TEAM_FLAG,
        { name: 'event', type: 'string', required: true, choices: WORKFLOW_EVENTS, description: 'The deal event that runs it.' },
        { name: 'action', type: 'string', required: true, choices: WORKFLOW_ACTIONS, description: 'What it creates.' },
        {
          name: 'config',
          type: 'json',
          required: true,
          description:
            'create_activity: {"title", "type"?, "description"?}; create_task: {"title", "description"?, "priority"?, "project_id"?}.',
        },
      ],
      example:
        'workspace-admin workflow create --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b --event deal_created --action create_activity --config \'{"title":"Call the client","type":"call"}\'',
      run: async (a) =>
        presentWorkflow(
          await uc().create.execute(a.team(), {
            event: a.required('event'),
            action: a.required('action'),
            config: a.json('config', true),
          }),
        ),
    },
    {
      name: 'workflow list',
      description: "List a team's workflows, newest first: the event that runs each, its action and config, whether it is active.",
      flags: [TEAM_FLAG, ...PAGE_FLAGS],
      example: 'workspace-admin workflow list --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b',
      columns: ['id', 'event', 'action', 'is_active', 'created_at', 'config'],
      run: async (a) => listOutput(await uc().list.execute(a.team(), pageArgs(a)), presentWorkflow),
    },
    {
      name: 'workflow delete',
      description: "Delete a team's workflow: it no longer runs nor is listed, and the runs it made stay listed by workflow runs.",
      flags: [TEAM_FLAG, { name: 'id', type: 'uuid', required: true, value: 'ID', description: "The workflow's id (from workflow list)." }],
      example: 'workspace-admin workflow delete --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b --id 019a2b40-3333-7000-8000-00000000e001',
      run: async (a) => ({ ...(await uc().delete.execute(a.team(), { id: a.uuid('id') })), deleted: true }),
    },
    {
      name: 'workflow runs',
      description: "List a team's workflow runs, newest first, with their outcome.",
      flags: [TEAM_FLAG, ...PAGE_FLAGS],
      example: 'workspace-admin workflow runs --team 019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b --limit 20',
      columns: ['id', 'created_at', 'event', 'status', 'workflow_id', 'entity_id', 'error'],
      run: async (a) => listOutput(await uc().runs.execute(a.team(), pageArgs(a)), presentWorkflowRun),
    },
    {
      // The server delivers events on its own; this lets an operator drain the outbox at once.
      name: 'workflow dispatch',
      description: 'Deliver pending deal events to the workflows now (the server does it every second).',
      flags: [],
      example: 'workspace-admin workflow dispatch',
      run: () => uc().dispatch.execute({}),
    },
  ];
}
