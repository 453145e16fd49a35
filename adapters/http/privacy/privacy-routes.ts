import { ErasePerson } from '../../../application/privacy/erase-person';
import { ExportPerson } from '../../../application/privacy/export-person';
import { GetPrivacyErasure, ListPrivacyErasures } from '../../../application/privacy/privacy-erasures';
import { PERSON_RECORDS_LIMIT } from '../../../domain/privacy/person-records';
import { RouteModule } from '../app';
import { one } from '../shared/envelope';
import { operation } from '../shared/operation';
import { Ctx, teamOf } from '../shared/params';
import { exportFileName, personExportSchema, presentPersonExport } from './present-person-export';
import { presentPrivacyErasure, privacyErasureSchema } from './present-privacy-erasure';
import { personErasureSchema, personIdentifiersSchema } from './privacy-schemas';
import { Type } from '../shared/body';
import { updatedSince } from '../shared/query';
import { resource } from '../shared/resource';

export interface PrivacyUseCases {
  exportPerson: ExportPerson;
  erasePerson: ErasePerson;
  listErasures: ListPrivacyErasures;
  getErasure: GetPrivacyErasure;
}

const TAG = 'Privacy';

export function privacyRoutes(uc: PrivacyUseCases): RouteModule {
  const erasures = resource({
    path: '/privacy/erasures',
    tag: TAG,
    present: presentPrivacyErasure,
    schema: privacyErasureSchema,
    name: 'PrivacyErasure',
  });
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
          '(`Content-Disposition: attachment`). An unknown person is 200 with every list empty. A person with more records of ' +
          `one kind than \`PRIVACY_EXPORT_MAX_RECORDS\` (${PERSON_RECORDS_LIMIT} by default) is 422 \`TOO_MANY_RECORDS\` ` +
          '(`details.kind`, `details.limit`).',
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
      erasures.create({
        id: 'erasePerson',
        summary: "Erase one person's data (LGPD art. 18, erasure): every record of the team that holds it is anonymised in place",
        description:
          'Name the person by any of `email`, `phone`, `cpf`, `cnpj` (one at least), and say why in `reason`. Every record ' +
          'the export would list is anonymised in place: it keeps its id, values, status and history, and no longer names ' +
          'anyone (the name becomes `Titular removido`; e-mail, phones, documents, address, birth date and notes are cleared; ' +
          "WhatsApp messages and inbound bodies are replaced by a marker). The event log, import rows and stored answers lose the person's " +
          'values too. A company client found by its CNPJ is anonymised whole; one found by another identifier only loses the ' +
          "person's values. The answer is the privacy log entry: counts by kind, who asked, never the identifiers. A second " +
          'erasure of the same person finds nothing: 201 with every count 0. Writes the `privacy.erasure.completed` event.',
        body: {
          schema: personErasureSchema,
          description: 'Who the erasure is about, and why.',
          example: { cpf: '123.456.789-09', email: 'maria.souza@exemplo.com.br', reason: 'Pedido da titular (LGPD art. 18, VI)' },
        },
        success: 'The privacy log entry of the erasure.',
        errors: [400, 422],
        useCase: uc.erasePerson,
        command: (body) => body,
      }),
      erasures.list({
        id: 'listPrivacyErasures',
        summary: "The team's privacy log: its erasures, newest first",
        list: { sortable: ['created_at'] },
        query: Type.Object({ ...updatedSince('privacy log entries (written once: their created_at)') }),
        success: 'A page of privacy log entries.',
        errors: [400],
        useCase: uc.listErasures,
      }),
      erasures.get({
        id: 'getPrivacyErasure',
        summary: 'One entry of the privacy log',
        success: 'The privacy log entry.',
        errors: [404],
        useCase: uc.getErasure,
      }),
    ],
  };
}
