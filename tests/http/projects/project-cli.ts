// Runs the projects operator commands in-process against a test runtime, as `workspace-admin … --json` would.
import { runCli } from '../../../adapters/cli/cli';
import { operatorCommands } from '../../../bootstrap/cli-main';
import { HttpEnv } from '../../support/http';

export interface CliResult {
  code: number;
  json: any;
  err: string;
}

export async function admin(env: HttpEnv, ...argv: string[]): Promise<CliResult> {
  let out = '';
  let err = '';
  const code = await runCli(
    [...argv, '--json'],
    operatorCommands(env.runtime.container, () => env.runtime),
    {
      out: (t) => {
        out += t;
      },
      err: (t) => {
        err += t;
      },
    },
  );
  return { code, json: out ? JSON.parse(out) : null, err };
}
