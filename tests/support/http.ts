import supertest from 'supertest';
import { CreateTeam } from '../../application/teams/create-team';
import { Runtime } from '../../bootstrap/container';
import { documentOfApp } from '../../adapters/http/app';
import { buildHttpApp } from '../../bootstrap/http';
import { responseChecker } from './response-check';
import { BackendName, forEachBackend } from './backends';

export interface TestTeam {
  teamId: string;
  key: string;
  /** The key's id: the audit trail names its changes `api_key:<keyId>`. */
  keyId: string;
  auth: { Authorization: string };
}

export interface HttpEnv {
  runtime: Runtime;
  request: ReturnType<typeof supertest.agent>;
  /** A new team with an API key: every test gets its own tenant, so no cleanup is needed. */
  team(options?: { name?: string; clientQuota?: number | null }): Promise<TestTeam>;
}

export function httpEnvOf(runtime: Runtime): HttpEnv {
  const app = buildHttpApp(runtime);
  // Every answer is checked against the document the app serves; a mismatch fails the test.
  app.middleware.unshift(responseChecker(documentOfApp(app)!));
  const request = supertest.agent(app.callback());
  return {
    runtime,
    request,
    async team(options = {}) {
      const { team, apiKey } = await runtime.container
        .get(CreateTeam)
        .execute({ name: options.name ?? 'Test team', clientQuota: options.clientQuota });
      return { teamId: team.id, key: apiKey.key, keyId: apiKey.id, auth: { Authorization: `Bearer ${apiKey.key}` } };
    },
  };
}

/** HTTP suites run the real Koa app over memory and SQLite by default, PostgreSQL too when asked. */
export function forEachHttpBackend(title: string, suite: (env: () => HttpEnv, backend: BackendName) => void, names?: BackendName[]): void {
  forEachBackend(
    title,
    (runtime, backend) => {
      let env: HttpEnv | undefined;
      suite(() => (env ??= httpEnvOf(runtime())), backend);
    },
    names ?? (['memory', 'sqlite'] as BackendName[]),
  );
}
