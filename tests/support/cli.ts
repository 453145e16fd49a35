import { runCli } from '../../adapters/cli/cli';
import { Runtime } from '../../bootstrap/container';
import { operatorCommands } from '../../bootstrap/cli-main';

/** What one `workspace-admin` command line printed, and its exit status. */
export interface Printed {
  code: number;
  out: string;
  err: string;
  /** stdout read as JSON when the line asked for `--json` and printed something. */
  json: any;
}

/** Runs command lines in-process against `runtime`, as the binary runs them, and keeps what they print. */
export function adminOn(runtime: () => Runtime): (...argv: string[]) => Promise<Printed> {
  return async (...argv) => {
    const rt = runtime();
    let out = '';
    let err = '';
    const code = await runCli(
      argv,
      operatorCommands(rt.container, () => rt),
      {
        out: (t) => {
          out += t;
        },
        err: (t) => {
          err += t;
        },
      },
    );
    return { code, out, err, json: argv.includes('--json') && out ? JSON.parse(out) : undefined };
  };
}
