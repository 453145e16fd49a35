import { RestoreTask } from '../../../application/tasks/restore-task';
import { CliCommand } from '../cli';

/** Loaded when a command runs: declaring the commands (for help) loads no HTTP schema. */
const presenters = () =>
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs, as said above
  Promise.resolve(require('../../http/tasks/present-task') as typeof import('../../http/tasks/present-task'));

export function taskCommands(uc: () => { restore: RestoreTask }): CliCommand[] {
  return [
    {
      name: 'task restore',
      description: 'Restore a deleted task.',
      flags: [{ name: 'id', type: 'uuid', required: true, value: 'ID', description: "The task's id." }],
      example: 'workspace-admin task restore --id 019a2b3c-9999-7000-8000-0000000a0001',
      run: async (a) => (await presenters()).presentTask(await uc().restore.execute({ id: a.uuid('id') })),
    },
  ];
}
