import { RestoreTask } from '../../../application/tasks/restore-task';
import { presentTask } from '../../http/tasks/present-task';
import { CliCommand } from '../cli';

export function taskCommands(uc: () => { restore: RestoreTask }): CliCommand[] {
  return [
    {
      name: 'task restore',
      description: 'Restore a deleted task.',
      flags: [{ name: 'id', type: 'uuid', required: true, value: 'ID', description: "The task's id." }],
      example: 'workspace-admin task restore --id 019a2b3c-9999-7000-8000-0000000a0001',
      run: async (a) => presentTask(await uc().restore.execute({ id: a.uuid('id') })),
    },
  ];
}
