import { CliCommand, runCli } from '../adapters/cli/cli';
import { loadConfig } from './config';
import { buildRuntime } from './container';
import { CONTEXTS } from './contexts';
import { createDemoTeam } from './demo';

/** `workspace-admin`: the operator commands (the spec's "panel"), over the same DATABASE_URL as the API. */
export async function main(argv: string[]): Promise<number> {
  let runtime;
  try {
    runtime = buildRuntime({ ...loadConfig(), logLevel: 'silent' });
    await runtime.migrate();
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n`);
    await runtime?.close();
    return 1;
  }
  const rt = runtime;
  const commands: CliCommand[] = [
    { name: 'migrate', usage: 'migrate', run: async () => ({ migrated: true }) },
    {
      name: 'demo',
      usage: 'demo',
      run: async () => {
        const { team, apiKey } = await createDemoTeam(rt);
        return { team: { id: team.id, name: team.name, client_quota: team.clientQuota }, api_key: apiKey };
      },
    },
    ...CONTEXTS.flatMap((ctx) => ctx.commands?.(rt.container) ?? []),
  ];
  try {
    return await runCli(argv, commands, {
      out: (t) => process.stdout.write(`${t}\n`),
      err: (t) => process.stderr.write(`${t}\n`),
    });
  } finally {
    await rt.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => { process.exitCode = code; });
}
