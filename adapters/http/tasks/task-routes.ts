import { CreateTask } from '../../../application/tasks/create-task';
import { DeleteTask } from '../../../application/tasks/delete-task';
import { GetTask } from '../../../application/tasks/get-task';
import { ListTasks } from '../../../application/tasks/list-tasks';
import { UpdateTask } from '../../../application/tasks/update-task';
import { TASK_PRIORITIES } from '../../../domain/tasks/task';
import { TASK_SORT_FIELDS } from '../../../domain/tasks/task-repository';
import { RouteModule } from '../app';
import { Type, camelKeys, changesOf, pick } from '../shared/body';
import { R } from '../shared/documented';
import { Q, updatedSince } from '../shared/query';
import { resource } from '../shared/resource';
import { CREATE_TASK_FIELDS, UPDATABLE_TASK_FIELDS, createTaskSchema, updateTaskSchema } from './task-schemas';
import { deletedTaskSchema, presentDeletedTask, presentTask, taskSchema } from './present-task';
import { DEMO_IDS } from '../shared/demo-ids';

export interface TaskUseCases {
  list: ListTasks;
  create: CreateTask;
  get: GetTask;
  update: UpdateTask;
  delete: DeleteTask;
}

const tasks = resource({ path: '/tasks', tag: 'Tasks', present: presentTask, schema: taskSchema, name: 'Task', exampleId: DEMO_IDS.task });

export function taskRoutes(uc: TaskUseCases): RouteModule {
  return {
    operations: [
      tasks.list({
        id: 'listTasks',
        summary: "List the team's tasks (deleted ones are left out)",
        description: 'Sorting by `priority` follows its rank (`none` < `low` < `medium` < `high` < `urgent`).',
        list: { sortable: TASK_SORT_FIELDS, search: 'Partial match in title and description (accents and case do not matter).' },
        query: Type.Object({
          project_id: Q.uuid('Tasks of this project; a project the team does not have is 404.'),
          pipeline_id: Q.uuid('Tasks on this pipeline; a pipeline the team does not have is 404.'),
          assignee_id: Q.uuid('Tasks whose `assignee_ids` contain this id.'),
          // Checked by the use case, which names the priorities its own way.
          priority: Q.asSent(R.enumOf(TASK_PRIORITIES)),
          column: Q.text('Tasks in the column with this slug.'),
          ...updatedSince('tasks'),
        }),
        success: 'A page of tasks.',
        errors: [400, 404],
        useCase: uc.list,
      }),
      tasks.create({
        id: 'createTask',
        summary: 'Create a task in a project',
        description:
          "The pipeline is the project's default one unless `pipeline_id` names another of the project's; the column " +
          "is `column` (or its alias `column_slug`), else the pipeline's first column, else `backlog`. `assignee_ids` is " +
          'preferred; `assignee_id` alone makes a single assignee.',
        body: {
          schema: createTaskSchema,
          example: {
            title: 'Revisar orçamento da campanha de Natal',
            project_id: DEMO_IDS.project,
            description: 'Conferir os valores em R$ antes de enviar à Padaria Pão Quente.',
            priority: 'high',
            column: 'novo',
            assignee_ids: ['0190b1d2-4c5e-7a8b-9c0d-6f5e4d3c2b1a'],
            due_date: '2026-12-10',
            estimated_hours: 3.5,
            tags: ['financeiro'],
            checklist_markdown: '- [ ] Conferir valores\n- [ ] Enviar ao cliente',
          },
        },
        success: 'The task created.',
        errors: [400, 404],
        command: (body) => camelKeys(pick(body, CREATE_TASK_FIELDS)),
        useCase: uc.create,
      }),
      tasks.get({
        id: 'getTask',
        summary: 'Read one task; a deleted task is 404',
        success: 'The task.',
        errors: [404],
        useCase: uc.get,
      }),
      tasks.update({
        id: 'updateTask',
        summary: 'Change the fields sent; a deleted task is 404',
        description:
          '`project_id` cannot change and is ignored (a body with nothing else is 400). A new `pipeline_id` without ' +
          "a column puts the task in that pipeline's first column; `assignee_ids` also sets `assignee_id` to its first value.",
        body: {
          schema: updateTaskSchema,
          example: { column: 'ganho', completed_at: '2026-12-09T18:30:00Z', actual_hours: 4 },
        },
        success: 'The task after the change.',
        errors: [400, 404],
        changes: (body) => changesOf(body, UPDATABLE_TASK_FIELDS),
        useCase: uc.update,
      }),
      tasks.delete({
        id: 'deleteTask',
        summary: 'Soft-delete a task (no restore route; a deleted task is 404 afterwards)',
        success: { description: 'The task deleted.', data: deletedTaskSchema, name: 'DeletedTask' },
        errors: [404],
        useCase: uc.delete,
        present: presentDeletedTask,
      }),
    ],
  };
}
