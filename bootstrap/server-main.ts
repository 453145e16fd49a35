import { createServer } from 'node:http';
import { Logger } from '../application/shared/logger';
import { TeamRepository } from '../domain/teams/team-repository';
import { loadConfig } from './config';
import { buildRuntime } from './container';
import { CONTEXTS } from './contexts';
import { TEAM_TOKENS } from './contexts/teams';
import { createDemoTeam } from './demo';
import { buildHttpApp } from './http';
import { TOKENS } from './tokens';

async function main(): Promise<void> {
  const config = loadConfig();
  const runtime = buildRuntime(config);
  const logger = runtime.container.get<Logger>(TOKENS.Logger);
  await runtime.migrate();

  // First run on an empty database: a demo team, so that a newcomer can curl at once.
  if (config.demo && (await runtime.container.get<TeamRepository>(TEAM_TOKENS.TeamRepository).count()) === 0) {
    const { apiKey } = await createDemoTeam(runtime);
    process.stdout.write(`Demo API key: ${apiKey.key}\n`);
  }

  const stops = CONTEXTS.flatMap((ctx) => (ctx.start ? [ctx.start(runtime.container)] : []));
  const server = createServer(buildHttpApp(runtime).callback());
  server.listen(config.port, config.host, () => {
    logger.info({ port: config.port, host: config.host, storage: runtime.storage }, 'Workspace API listening');
  });

  const shutdown = () => {
    server.close(async () => {
      for (const stop of stops) await stop();
      await runtime.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  process.stderr.write(`fatal: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
