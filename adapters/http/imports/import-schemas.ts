import { Items, Text, Type } from '../shared/body';

/**
 * The `options` part of POST /imports, as JSON. The mapping is written out rather than as `Type.Record`,
 * which would say `patternProperties`; its fields are checked against the resource's columns when planned.
 */
export const importOptionsSchema = Type.Object(
  {
    resource: Type.Unsafe<'clients' | 'leads'>({ type: 'string', enum: ['clients', 'leads'], description: 'What each row becomes.' }),
    project_id: Type.Optional(Type.String({ format: 'uuid', description: 'The project the leads go to: required for leads.' })),
    mapping: Type.Optional(
      Type.Unsafe<Record<string, string | null>>({
        type: 'object',
        description:
          'Column header → the field it fills (`name`, `email`, `address.city`…), or null to leave the column out; ' +
          'columns not named here are recognised by their header.',
        maxProperties: Items.keys,
        propertyNames: { maxLength: Text.name },
        additionalProperties: { type: ['string', 'null'], maxLength: Text.name },
      }),
    ),
    on_duplicate: Type.Optional(
      Type.Unsafe<'skip' | 'update'>({
        type: 'string',
        enum: ['skip', 'update'],
        default: 'skip',
        description: 'A row naming a record the team has: left as it is (`skip`) or changed (`update`).',
      }),
    ),
    dry_run: Type.Optional(Type.Boolean({ default: false, description: 'Decide every row and count, writing no record.' })),
  },
  { additionalProperties: false },
);

/** The parts of POST /imports, as the document shows them. */
export const importUploadSchema = {
  type: 'object',
  required: ['options', 'file'],
  properties: {
    options: importOptionsSchema,
    file: {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      description: 'The spreadsheet: CSV or TSV (`,` `;` tab or `|`), UTF-8 or Windows-1252, as Excel or Google Sheets save it.',
    },
  },
};
