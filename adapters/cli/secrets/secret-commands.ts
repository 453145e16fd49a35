import { ResealSecrets, SecretsReseal } from '../../../application/webhooks/reseal-secrets';
import { CliCommand } from '../cli';

/**
 * What `secrets reseal` did: the inboxes' counts as they were first printed, and the inbound endpoints' and
 * event subscriptions' signing secrets beside them; only ids of what no configured key opens, never a secret.
 */
const presentReseal = ({ inboxes: i, signingSecrets: s, subscriptionSecrets: e }: SecretsReseal) => ({
  resealed: i.resealed,
  already_current: i.alreadyCurrent,
  plaintext_sealed: i.plaintextSealed,
  without_secret: i.withoutSecret,
  unreadable: i.unreadable.length,
  unreadable_inbox_ids: i.unreadable,
  webhook_signing_secrets: {
    resealed: s.resealed,
    already_current: s.alreadyCurrent,
    unreadable: s.unreadable.length,
    unreadable_endpoint_ids: s.unreadable,
  },
  event_subscription_secrets: {
    resealed: e.resealed,
    already_current: e.alreadyCurrent,
    unreadable: e.unreadable.length,
    unreadable_subscription_ids: e.unreadable,
  },
});

export interface SecretCommandUseCases {
  resealSecrets: ResealSecrets;
}

export function secretCommands(uc: () => SecretCommandUseCases): CliCommand[] {
  return [
    {
      name: 'secrets reseal',
      description:
        'Seal every inbox credential, inbound signing secret and event subscription secret with SECRETS_KEY: those SECRETS_KEY_PREVIOUS sealed and inbox credentials stored in clear; running it again changes nothing.',
      flags: [],
      example: 'workspace-admin secrets reseal',
      run: async () => presentReseal(await uc().resealSecrets.execute()),
    },
  ];
}
