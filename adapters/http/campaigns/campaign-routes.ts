import { CreateCampaign } from '../../../application/campaigns/create-campaign';
import { DeleteCampaign } from '../../../application/campaigns/delete-campaign';
import { GetCampaign } from '../../../application/campaigns/get-campaign';
import { ListCampaigns } from '../../../application/campaigns/list-campaigns';
import { UpdateCampaign } from '../../../application/campaigns/update-campaign';
import { CAMPAIGN_STATUSES, REFUSED_CAMPAIGN_STATUSES } from '../../../domain/campaigns/campaign';
import { CAMPAIGN_SORT_FIELDS } from '../../../domain/campaigns/campaign-repository';
import { RouteModule } from '../app';
import { Type, camelKeys, changesOf, pick } from '../shared/body';
import { R } from '../shared/documented';
import { operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { Q, updatedSince } from '../shared/query';
import { resource } from '../shared/resource';
import { CREATE_CAMPAIGN_FIELDS, UPDATABLE_CAMPAIGN_FIELDS, createCampaignSchema, updateCampaignSchema } from './campaign-schemas';
import { campaignSchema, presentCampaign } from './present-campaign';
import { DEMO_IDS } from '../shared/demo-ids';

export interface CampaignUseCases {
  list: ListCampaigns;
  create: CreateCampaign;
  get: GetCampaign;
  update: UpdateCampaign;
  delete: DeleteCampaign;
}

const TAG = 'Campaigns';

/** The spec's quirk on writes, told on every operation that writes a status. */
const REFUSED_STATUS_NOTE =
  `A \`status\` of ${REFUSED_CAMPAIGN_STATUSES.map((s) => `\`${s}\``).join(' or ')} (statuses of an older contract ` +
  'that storage refuses) answers **500 `INTERNAL_ERROR`** and writes nothing; any other status outside ' +
  `${CAMPAIGN_STATUSES.map((s) => `\`${s}\``).join(', ')} is 400.`;

const campaigns = resource({
  path: '/campaigns',
  tag: TAG,
  present: presentCampaign,
  schema: campaignSchema,
  name: 'Campaign',
  exampleId: DEMO_IDS.campaign,
});

export function campaignRoutes(uc: CampaignUseCases): RouteModule {
  return {
    operations: [
      campaigns.list({
        id: 'listCampaigns',
        summary: "List the team's campaigns, each with its project",
        // Campaign lists never refuse a sort: an unlisted field sorts by `created_at`, keeping the direction (`campaignSort`).
        list: {
          sortable: CAMPAIGN_SORT_FIELDS,
          fallbackToCreatedAt: true,
          search: 'Partial match in name and description (accents and case do not matter).',
        },
        query: Type.Object({
          // Checked by the use case: `archived` applies no filter.
          status: Q.asSent(
            R.enumOf([...CAMPAIGN_STATUSES, ...REFUSED_CAMPAIGN_STATUSES, 'archived']),
            'Only campaigns in this status. `archived` applies no filter; `scheduled` and `cancelled` match no campaign; any other value is 400.',
          ),
          project_id: Q.uuid('Only campaigns of this project of the team (another one is 404 on `project_id`).'),
          ...updatedSince('campaigns'),
        }),
        success: 'A page of campaigns.',
        errors: [400, 404],
        useCase: uc.list,
      }),
      campaigns.create({
        id: 'createCampaign',
        summary: "Create a campaign in one of the team's projects (planning data only)",
        description:
          `${REFUSED_STATUS_NOTE} The project is always required: \`project_id\` must be the team's (404 naming it otherwise). ` +
          '`approval_status` starts as `pending` and cannot be sent.',
        body: {
          schema: createCampaignSchema,
          example: {
            name: 'Black Friday – Loja Online',
            project_id: DEMO_IDS.project,
            description: 'Ofertas de até 40% na linha de inverno',
            status: 'draft',
            start_date: '2026-11-20',
            end_date: '2026-11-30',
            content_pillars: ['promoção', 'bastidores'],
            target_platforms: ['instagram', 'whatsapp'],
            goals: { leads: 300, budget_brl: 15000 },
          },
        },
        success: 'The campaign created, with its project.',
        errors: [400, 404, 500],
        command: (body) => camelKeys(pick(body, CREATE_CAMPAIGN_FIELDS)),
        useCase: uc.create,
      }),
      campaigns.get({
        id: 'getCampaign',
        summary: 'Read one campaign with its project',
        success: 'The campaign.',
        errors: [404],
        useCase: uc.get,
      }),
      campaigns.update({
        id: 'updateCampaign',
        summary: 'Change the fields sent',
        description:
          `${REFUSED_STATUS_NOTE} The campaign is then left exactly as it was, the other fields sent included. ` +
          '`project_id` and `approval_status` cannot change and are ignored; a body with no other field is 400.',
        body: {
          schema: updateCampaignSchema,
          example: { status: 'active', end_date: '2026-12-05', goals: { leads: 450, budget_brl: 18000 } },
        },
        success: 'The campaign after the change.',
        errors: [400, 404, 500],
        changes: (body) => changesOf(body, UPDATABLE_CAMPAIGN_FIELDS),
        useCase: uc.update,
      }),
      operation({
        id: 'deleteCampaign',
        method: 'delete',
        path: '/campaigns/:id',
        pathExamples: { id: DEMO_IDS.campaign },
        tag: TAG,
        access: 'key',
        summary: 'Refused: campaigns cannot be deleted (500 for an existing campaign)',
        description:
          'As the spec keeps it, DELETE on an existing campaign of the team answers **500 `INTERNAL_ERROR`** and changes ' +
          'nothing (an older contract cancelled the campaign, and storage refuses the `cancelled` status); an unknown id, or another ' +
          "team's, is 404 `NOT_FOUND`. It never succeeds: no 200 is ever sent. To stop a campaign, PUT `status` `paused` or `completed`.",
        success: {
          status: 200,
          description:
            'Never sent: an existing campaign answers 500, an unknown one 404. ' +
            'Documented only because every operation has a success answer.',
          data: { not: {}, description: 'No value: this answer does not happen.' },
        },
        errors: [404, 500],
        async handle(ctx: Ctx) {
          // Always throws (404, or 500 for an existing campaign): there is no answer to present.
          await uc.delete.execute(teamOf(ctx), { id: pathId(ctx) });
        },
      }),
    ],
  };
}
