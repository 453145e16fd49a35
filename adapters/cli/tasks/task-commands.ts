import { RestoreTask } from '../../../application/tasks/restore-task';
import { ValidationFailed } from '../../../domain/shared/errors';
import { isUuid } from '../../../domain/shared/values';
import { presentTask } from '../../http/tasks/present-task';
import { CliCommand } from '../cli';

export function taskCommands(uc: { restore: RestoreTask }): CliCommand[] {
  return [
    {
      name: 'task restore',
      usage: 'task restore --id ID',
      run: async (a) => {
        const id = a.required('id');
        if (!isUuid(id)) throw new ValidationFailed('--id must be a UUID', 'id');
        return presentTask(await uc.restore.execute({ id }));
      },
    },
  ];
}
