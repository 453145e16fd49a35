// The runtime most WhatsApp HTTP tests drive: the API on one backend, its Cloud API base and Evolution
// gateways served by a fake provider on loopback (which the operator setting allows here, as a gateway on
// the operator's own network would be).
import { Runtime } from '../../bootstrap/container';
import { WHATSAPP_TOKENS } from '../../bootstrap/contexts/whatsapp';
import { BackendName, startRuntime } from './backends';
import { FakeWhatsAppProvider } from './fake-whatsapp-provider';
import { HttpEnv, httpEnvOf } from './http';

export interface WhatsAppRuntime {
  fake: FakeWhatsAppProvider;
  runtime: Runtime & { dispose(): Promise<void> };
  env: HttpEnv;
}

export interface WhatsAppRuntimeOptions {
  appSecret: string;
  verifyToken: string;
  /** How long a provider call may take; short, so that a "provider hangs" case is fast. */
  providerTimeoutMs?: number;
}

export async function startWhatsAppRuntime(backend: BackendName, options: WhatsAppRuntimeOptions): Promise<WhatsAppRuntime> {
  const fake = await FakeWhatsAppProvider.start();
  const runtime = await startRuntime(backend, {
    providerAllowPrivateNetworks: true,
    whatsapp: { cloudApiUrl: `${fake.url}/v23.0`, appSecret: options.appSecret, verifyToken: options.verifyToken },
  });
  if (options.providerTimeoutMs !== undefined) {
    runtime.container.rebindSync(WHATSAPP_TOKENS.ProviderOptions).toConstantValue({ timeoutMs: options.providerTimeoutMs });
  }
  return { fake, runtime, env: httpEnvOf(runtime) };
}

/** Stops what started, whatever of it did. */
export async function stopWhatsAppRuntime(started: Partial<WhatsAppRuntime>): Promise<void> {
  await started.runtime?.dispose();
  await started.fake?.close();
}
