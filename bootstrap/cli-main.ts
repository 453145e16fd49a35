// `workspace-admin`. Only what declares the commands is loaded up front (their names, options, descriptions,
// examples and columns, in adapters/cli/): help and refused command lines load no context, no framework and
// no driver. The configuration, the runtime and the contexts are loaded when a command runs.
import type { Container } from 'inversify';
import { CliCommand, CliIo, parseCommandLine, reportCommandLine, runCommandLine } from '../adapters/cli/cli';
import { workflowCommands } from '../adapters/cli/deals/workflow-commands';
import { eventCommands } from '../adapters/cli/events/event-commands';
import { importCommands } from '../adapters/cli/imports/import-commands';
import { projectCommands } from '../adapters/cli/projects/project-commands';
import { secretCommands } from '../adapters/cli/secrets/secret-commands';
import { taskCommands } from '../adapters/cli/tasks/task-commands';
import { teamCommands } from '../adapters/cli/teams/team-commands';
import { webhookCommands } from '../adapters/cli/webhooks/webhook-commands';
import { whatsappCommands } from '../adapters/cli/whatsapp/whatsapp-commands';
import type { KnexDatabase } from '../adapters/persistence/knex/shared/knex-database';
import type { Runtime } from './container';
import { TOKENS } from './tokens';

/**
 * Every context's command groups, in the order the contexts bind them (`TOKENS.CliCommands`, read in the
 * order of `CONTEXTS`): declared here without a runtime, for help and for reading a command line. A test
 * checks that they are the commands the contexts bind.
 */
const COMMAND_GROUPS: ReadonlyArray<(uc: () => never) => CliCommand[]> = [
  teamCommands,
  projectCommands,
  workflowCommands,
  taskCommands,
  whatsappCommands,
  webhookCommands,
  secretCommands,
  importCommands,
  eventCommands,
];

const notOpen = (): never => {
  throw new Error('the runtime is opened only to run a command');
};

/**
 * The built-in commands and every context's: those the contexts bound in `container` (`TOKENS.CliCommands`,
 * which resolve their use cases only when one runs), or, without a container that binds them, their
 * declarations alone. Declaring them never calls `runtime`: that happens when one runs.
 */
export function operatorCommands(container: Container | null, runtime: () => Runtime): CliCommand[] {
  const declared = container?.isBound(TOKENS.CliCommands)
    ? container.getAll<CliCommand[]>(TOKENS.CliCommands).flat()
    : COMMAND_GROUPS.flatMap((group) => group(notOpen));
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
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when the command runs (see the top)
        const { createDemoTeam } = require('./demo') as typeof import('./demo');
        const { team, apiKey } = await createDemoTeam(runtime());
        return { team: { id: team.id, name: team.name, client_quota: team.clientQuota }, api_key: apiKey };
      },
    },
    ...declared,
  ];
}

/**
 * Migrates only when a migration is pending: reading the list of applied ones takes no lock and writes
 * nothing, so a read-only command needs no write access and does not wait on a server that is migrating.
 */
async function migrateIfPending(runtime: Runtime): Promise<void> {
  if (runtime.storage === 'memory') return;
  type Migrations = typeof import('../adapters/persistence/knex/migrations');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs (see the top)
  const { migrationSource } = require('../adapters/persistence/knex/migrations') as Migrations;
  const { knex } = runtime.container.get<KnexDatabase>(TOKENS.KnexDatabase);
  const [, pending] = (await knex.migrate.list({ migrationSource, schemaName: runtime.config.databaseSchema })) as [unknown[], unknown[]];
  if (pending.length > 0) await runtime.migrate();
}

const processIo: CliIo = {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
};

/**
 * `workspace-admin`: the operator commands (the spec's "panel"), over the same DATABASE_URL as the API.
 * Help and refused command lines need neither configuration nor database.
 */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const line = parseCommandLine(argv, operatorCommands(null, notOpen));
  if (line.kind !== 'run') return reportCommandLine(line, io);
  let runtime: Runtime | undefined;
  let databaseUrl: string | undefined;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs (see the top)
    const { loadConfig } = require('./config') as typeof import('./config');
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded when a command runs (see the top)
    const { buildRuntime } = require('./container') as typeof import('./container');
    const config = loadConfig();
    databaseUrl = config.databaseUrl;
    runtime = buildRuntime({ ...config, logLevel: 'silent' });
    if (line.command.name !== 'migrate') await migrateIfPending(runtime);
  } catch (err) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when the database cannot be reached
    const { databaseFailure } = require('./startup-errors') as typeof import('./startup-errors');
    io.err(`error: ${(databaseUrl && databaseFailure(err, databaseUrl)) || (err as Error).message}`);
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
