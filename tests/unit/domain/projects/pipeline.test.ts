import { expect } from 'chai';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { buildColumns, DEFAULT_PROJECT_COLUMNS, Pipeline } from '../../../../domain/projects/pipeline';

const now = new Date('2026-01-02T03:04:05.000Z');
const reasonIds = ['r1', 'r2', 'r3', 'r4', 'r5'];

describe('Pipeline.defaultForProject', () => {
  const p = Pipeline.defaultForProject('pl1', 't', 'p1', reasonIds, now).snapshot();

  it('has the columns novo, qualificado, proposta open, ganho won and perdido lost, in board order', () => {
    expect(p.columns.map((c) => [c.slug, c.outcome, c.position, c.isTerminal])).to.deep.equal([
      ['novo', 'open', 1, false],
      ['qualificado', 'open', 2, false],
      ['proposta', 'open', 3, false],
      ['ganho', 'won', 4, true],
      ['perdido', 'lost', 5, true],
    ]);
  });

  it('is the default of its project and carries default loss reasons', () => {
    expect(p).to.include({ isDefault: true, projectId: 'p1' });
    expect(p.lossReasons.map((r) => r.id)).to.deep.equal(reasonIds);
  });
});

describe('Pipeline.legacyGlobal', () => {
  it('has no project and the legacy phases as columns', () => {
    const g = Pipeline.legacyGlobal('g1', 't', reasonIds, now).snapshot();
    expect(g.projectId).to.equal(null);
    expect(g.columns.map((c) => `${c.slug}:${c.outcome}`)).to.deep.equal([
      'lead:open',
      'qualificacao:open',
      'proposta:open',
      'negociacao:open',
      'ganho:won',
      'perdido:lost',
    ]);
  });
});

describe('buildColumns', () => {
  it('derives a missing slug from the title and numbers positions from 1', () => {
    const cols = buildColumns([
      { title: 'Em análise', outcome: 'open' },
      { title: 'Fechado', outcome: 'won' },
    ]);
    expect(cols.map((c) => [c.slug, c.position])).to.deep.equal([
      ['em-analise', 1],
      ['fechado', 2],
    ]);
  });

  it('refuses no columns, repeated slugs, a bad outcome and a board without an open column', () => {
    expect(() => buildColumns([])).to.throw(ValidationFailed);
    expect(() =>
      buildColumns([
        { slug: 'a', title: 'A', outcome: 'open' },
        { slug: 'a', title: 'B', outcome: 'won' },
      ]),
    ).to.throw(ValidationFailed);
    expect(() => buildColumns([{ title: 'A', outcome: 'maybe' as never }])).to.throw(ValidationFailed);
    expect(() => buildColumns([{ title: 'A', outcome: 'won' }])).to.throw(ValidationFailed);
  });
});

describe('Pipeline.startColumn', () => {
  const p = Pipeline.defaultForProject('pl1', 't', 'p1', reasonIds, now);

  it('lets a deal start in an open column and defaults to the first open one', () => {
    expect(p.startColumn('proposta').slug).to.equal('proposta');
    expect(p.startColumn(undefined).slug).to.equal('novo');
  });

  it('refuses a won, lost or unknown column as a bad value of the field that chose it (400)', () => {
    for (const slug of ['ganho', 'perdido', 'nowhere']) {
      expect(() => p.startColumn(slug, 'target_column_id'))
        .to.throw(ValidationFailed)
        .with.nested.property('details.field', 'target_column_id');
    }
  });
});

describe('Pipeline.moveTarget', () => {
  const def = Pipeline.defaultForProject('pl1', 't', 'p1', reasonIds, now);
  const own = Pipeline.create(
    'pl2',
    {
      teamId: 't',
      projectId: 'p1',
      name: 'Parcerias',
      slug: 'parcerias',
      isDefault: false,
      columns: [
        { slug: 'a', title: 'A', outcome: 'open' },
        { slug: 'won', title: 'W', outcome: 'won' },
        { slug: 'lost', title: 'L', outcome: 'lost' },
      ],
      lossReasons: [],
    },
    now,
  );

  it('needs a non-empty win_note for a won column', () => {
    expect(() => def.moveTarget('ganho', { winNote: '  ' }, def))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'win_note');
    expect(def.moveTarget('ganho', { winNote: ' fechou ' }, def).winNote).to.equal('fechou');
  });

  it('needs a loss reason of the pipeline for a lost column', () => {
    expect(() => def.moveTarget('perdido', {}, def))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'loss_reason_id');
    expect(() => def.moveTarget('perdido', { lossReasonId: 'other' }, def))
      .to.throw(NotFound)
      .with.nested.property('details.field', 'loss_reason_id');
    expect(def.moveTarget('perdido', { lossReasonId: 'r2' }, def).lossReason).to.deep.equal(def.snapshot().lossReasons[1]);
  });

  it('uses the default pipeline reasons when the pipeline has none', () => {
    expect(own.effectiveLossReasons(def)).to.deep.equal(def.snapshot().lossReasons);
    expect(own.moveTarget('lost', { lossReasonId: 'r3' }, def).lossReason!.id).to.equal('r3');
  });

  it('moves to an open column with no condition and refuses an unknown one', () => {
    expect(own.moveTarget('a', {}, def).column.slug).to.equal('a');
    expect(() => own.moveTarget('zzz', {}, def))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'phase');
  });
});

describe('Pipeline', () => {
  it('refuses an empty name, gives its first column, and hands out copies of its record', () => {
    expect(() =>
      Pipeline.create(
        'x',
        {
          teamId: 't',
          projectId: 'p1',
          name: ' ',
          slug: 'x',
          isDefault: false,
          columns: DEFAULT_PROJECT_COLUMNS,
          lossReasons: [],
        },
        now,
      ),
    )
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'name');
    const p = Pipeline.defaultForProject('pl1', 't', 'p1', reasonIds, now);
    expect(p.firstColumn()!.slug).to.equal('novo');
    const copy = p.snapshot();
    copy.columns[0].slug = 'changed';
    expect(Pipeline.restore(copy).firstColumn()!.slug).to.equal('changed');
    expect(p.firstColumn()!.slug).to.equal('novo');
  });
});
