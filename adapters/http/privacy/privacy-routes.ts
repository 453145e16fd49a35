import { ExportPerson } from '../../../application/privacy/export-person';
import { PERSON_RECORDS_LIMIT } from '../../../domain/privacy/person-records';
import { RouteModule } from '../app';
import { one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, teamOf } from '../shared/params';
import { exportFileName, personExportSchema, presentPersonExport } from './present-person-export';
import { personIdentifiersSchema } from './privacy-schemas';

export interface PrivacyUseCases {
  exportPerson: ExportPerson;
}

const TAG = 'Privacy';

export function privacyRoutes(uc: PrivacyUseCases): RouteModule {
  return {
    operations: [
      operation({
        id: 'exportPerson',
        method: 'post',
        path: '/privacy/exports',
        tag: TAG,
        access: 'key',
        summary: 'Everything the team holds about one person (LGPD art. 18, access), as one JSON file',
        description:
          'Name the person by any of `email`, `phone`, `cpf`, `cnpj` (one at least). The answer lists, by kind, every record ' +
          "of the team that holds them, each as its resource's GET answers it, and is sent as a file to save " +
          '(`Content-Disposition: attachment`). An unknown person is 200 with every list empty. A person with more than ' +
          `${PERSON_RECORDS_LIMIT} records of one kind is 422 \`TOO_MANY_RECORDS\` (\`details.kind\`, \`details.limit\`).`,
        body: {
          schema: personIdentifiersSchema,
          description: 'Who the request is about.',
          example: { cpf: '123.456.789-09', phone: '(11) 98765-4321', email: 'maria.souza@exemplo.com.br' },
        },
        success: { status: 200, description: "The person's records.", data: personExportSchema, name: 'PersonExport' },
        errors: [400, 422],
        async handle(ctx: Ctx, body) {
          const found = await uc.exportPerson.execute(teamOf(ctx), body);
          ctx.set('Content-Disposition', `attachment; filename="${exportFileName(found)}"`);
          ctx.body = one(presentPersonExport(found));
        },
      }),
    ],
  };
}
