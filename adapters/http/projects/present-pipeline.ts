import { COLUMN_OUTCOMES, PipelineData } from '../../../domain/projects/pipeline';
import { exactObject, R } from '../shared/documented';

/** The pipeline as the spec shows it (2.8): columns in board order; `loss_reasons` already resolved. */
export const presentPipeline = (p: PipelineData) => ({
  id: p.id,
  name: p.name,
  slug: p.slug,
  is_default: p.isDefault,
  columns: [...p.columns]
    .sort((a, b) => a.position - b.position)
    .map((c) => ({
      slug: c.slug,
      title: c.title,
      position: c.position,
      outcome: c.outcome,
      is_terminal: c.isTerminal,
    })),
  loss_reasons: p.lossReasons.map((r) => ({ id: r.id, name: r.name })),
});

/** The documented shape of `presentPipeline`. */
export const pipelineSchema = exactObject({
  id: R.uuid,
  name: R.string,
  slug: R.string,
  is_default: R.boolean,
  columns: {
    type: 'array',
    description: "In board order. A column's `slug` is the `phase` of a deal in this pipeline.",
    items: exactObject({
      slug: R.string,
      title: R.string,
      position: { type: 'integer', minimum: 1 },
      outcome: R.enumOf(COLUMN_OUTCOMES),
      is_terminal: { ...R.boolean, description: 'True for the `won` and `lost` columns.' },
    }),
  },
  loss_reasons: {
    type: 'array',
    description: "The values of a deal's `loss_reason_id`; a pipeline without its own shows the default pipeline's.",
    items: exactObject({ id: R.uuid, name: R.string }),
  },
});
