import { Container } from 'inversify';
import { CliCommand, CliIo, parseCommandLine, reportCommandLine, runCommandLine } from '../adapters/cli/cli';
import { migrationSource } from '../adapters/persistence/knex/migrations';
import { KnexDatabase } from '../adapters/persistence/knex/shared/knex-database';
import { loadConfig } from './config';
import { Runtime, buildRuntime } from './container';
import { CONTEXTS } from './contexts';
import { createDemoTeam } from './demo';
import { TOKENS } from './tokens';

/**
 * A container of the context modules alone: enough to declare their commands, which resolve what they run
 * only when one runs.
 */
function contextsAlone(): Container {
  const container = new Container();
  container.loadSync(...CONTEXTS);
  return container;
}

/**
 * The built-in commands and every context's (`TOKENS.CliCommands`, in the order the contexts are loaded).
 * Declaring them resolves no use case and never calls `runtime`: that happens when one runs. A container
 * without the contexts' bindings (a command line is read before any configuration) declares them from the
 * context modules alone.
 */
export function operatorCommands(container: Container, runtime: () => Runtime): CliCommand[] {
  const declaring = container.isBound(TOKENS.CliCommands) ? container : contextsAlone();
  return [
    {
      name: 'migrate',
      description: 'Bring the database schema up to date (every other command does it first when a migration is pending).',
      flags: [],
      example: 'workspace-admin migrate',
      run: async () => {
        await runtime().migrate();
        return { migrated: true };
      },
    },
    {
      name: 'demo',
      description: 'Create a demo team with sample data, and print its API key.',
      flags: [],
      example: 'workspace-admin demo',
      run: async () => {
        const { team, apiKey } = await createDemoTeam(runtime());
        return { team: { id: team.id, name: team.name, client_quota: team.clientQuota }, api_key: apiKey };
      },
    },
    ...declaring.getAll<CliCommand[]>(TOKENS.CliCommands).flat(),
  ];
}

/**
 * Migrates only when a migration is pending: reading the list of applied ones takes no lock and writes
 * nothing, so a read-only command needs no write access and does not wait on a server that is migrating.
 */
async function migrateIfPending(runtime: Runtime): Promise<void> {
  if (runtime.storage === 'memory') return;
  const { knex } = runtime.container.get<KnexDatabase>(TOKENS.KnexDatabase);
  const [, pending] = (await knex.migrate.list({ migrationSource, schemaName: runtime.config.databaseSchema })) as [unknown[], unknown[]];
  if (pending.length > 0) await runtime.migrate();
}

const processIo: CliIo = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};

const notOpen = (): Runtime => {
  throw new Error('the runtime is opened only to run a command');
};

/**
 * `workspace-admin`: the operator commands (the spec's "panel"), over the same DATABASE_URL as the API.
 * Help and refused command lines need neither configuration nor database.
 */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const line = parseCommandLine(argv, operatorCommands(new Container(), notOpen));
  if (line.kind !== 'run') return reportCommandLine(line, io);
  let runtime: Runtime | undefined;
  try {
    runtime = buildRuntime({ ...loadConfig(), logLevel: 'silent' });
    if (line.command.name !== 'migrate') await migrateIfPending(runtime);
  } catch (err) {
    io.err(`error: ${(err as Error).message}`);
    await runtime?.close();
    return 1;
  }
  const rt = runtime;
  try {
    const command = operatorCommands(rt.container, () => rt).find((c) => c.name === line.command.name)!;
    return await runCommandLine({ ...line, command }, io);
  } finally {
    await rt.close();
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
