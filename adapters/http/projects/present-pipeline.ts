import { PipelineData } from '../../../domain/projects/pipeline';

/** The pipeline as the spec shows it (2.8): columns in board order; `loss_reasons` already resolved. */
export const presentPipeline = (p: PipelineData) => ({
  id: p.id,
  name: p.name,
  slug: p.slug,
  is_default: p.isDefault,
  columns: [...p.columns].sort((a, b) => a.position - b.position).map((c) => ({
    slug: c.slug, title: c.title, position: c.position, outcome: c.outcome, is_terminal: c.isTerminal,
  })),
  loss_reasons: p.lossReasons.map((r) => ({ id: r.id, name: r.name })),
});
