import { CreateWorkflow } from '../../../application/deals/create-workflow';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { ListWorkflowRuns } from '../../../application/deals/list-workflow-runs';
import { WorkflowData, WorkflowRunData } from '../../../domain/deals/workflow';
import { CliCommand } from '../cli';

export const presentWorkflow = (w: WorkflowData) => ({
  id: w.id, team_id: w.teamId, event: w.event, action: w.action, config: w.config, is_active: w.isActive,
  created_at: w.createdAt, updated_at: w.updatedAt,
});

export const presentWorkflowRun = (r: WorkflowRunData) => ({
  id: r.id, workflow_id: r.workflowId, event: r.event, entity_id: r.entityId, status: r.status, error: r.error,
  created_at: r.createdAt,
});

export function workflowCommands(uc: { create: CreateWorkflow; runs: ListWorkflowRuns; dispatch: DispatchDealEvents }): CliCommand[] {
  return [
    {
      name: 'workflow create',
      usage: 'workflow create --team ID --event deal_created|deal_stage_changed --action create_activity|create_task --config JSON',
      run: async (a) => presentWorkflow(await uc.create.execute({ teamId: a.required('team') }, {
        event: a.required('event'), action: a.required('action'), config: a.json('config', true),
      })),
    },
    {
      name: 'workflow runs',
      usage: 'workflow runs --team ID [--limit N] [--cursor C]',
      run: async (a) => {
        const page = await uc.runs.execute({ teamId: a.required('team') }, { limit: a.integer('limit'), cursor: a.optional('cursor') });
        return { data: page.items.map(presentWorkflowRun), next_cursor: page.nextCursor };
      },
    },
    {
      // The server delivers events on its own; this lets an operator drain the outbox at once.
      name: 'workflow dispatch',
      usage: 'workflow dispatch',
      run: () => uc.dispatch.execute({}),
    },
  ];
}
