import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, TestTeam } from '../../support/http';
import { admin } from './project-cli';

const UNKNOWN = '0190b000-0000-7000-8000-ffffffffffff';

forEachHttpBackend(
  'Project pipelines API',
  (env) => {
    const project = async (t: TestTeam) =>
      (await env().request.post('/api/v1/projects').set(t.auth).send({ name: 'P' })).body.data.id as string;
    const pipelines = (t: TestTeam, id: string) => env().request.get(`/api/v1/projects/${id}/pipelines`).set(t.auth);

    it('gives a new project its default pipeline with the default columns and loss reasons', async () => {
      const t = await env().team();
      const res = await pipelines(t, await project(t));
      expect(res.status).to.equal(200);
      expect(res.body.success).to.equal(true);
      expect(res.body).to.not.have.key('pagination');
      expect(res.body.data).to.have.length(1);
      const p = res.body.data[0];
      expect(p).to.include({ is_default: true });
      expect(Object.keys(p).sort()).to.deep.equal(['columns', 'id', 'is_default', 'loss_reasons', 'name', 'slug']);
      expect(p.columns).to.deep.equal([
        { slug: 'novo', title: 'Novo', position: 1, outcome: 'open', is_terminal: false },
        { slug: 'qualificado', title: 'Qualificado', position: 2, outcome: 'open', is_terminal: false },
        { slug: 'proposta', title: 'Proposta', position: 3, outcome: 'open', is_terminal: false },
        { slug: 'ganho', title: 'Ganho', position: 4, outcome: 'won', is_terminal: true },
        { slug: 'perdido', title: 'Perdido', position: 5, outcome: 'lost', is_terminal: true },
      ]);
      expect(p.loss_reasons.length).to.be.greaterThan(0);
      for (const r of p.loss_reasons) expect(Object.keys(r).sort()).to.deep.equal(['id', 'name']);
    });

    it('lists the default first, columns in board order, and lends the default loss reasons to a pipeline without its own', async () => {
      const t = await env().team();
      const id = await project(t);
      const columns = JSON.stringify([
        { slug: 'lead', title: 'Lead', outcome: 'open' },
        { title: 'Fechado', outcome: 'won' },
        { slug: 'x', title: 'X', outcome: 'lost' },
      ]);
      const created = await admin(env(), 'pipeline', 'create', '--project', id, '--name', 'Parcerias', '--columns', columns);
      expect(created.code, created.err).to.equal(0);
      expect(created.json).to.include({ name: 'Parcerias', slug: 'parcerias', is_default: false });
      expect(created.json.columns.map((c: { slug: string }) => c.slug)).to.deep.equal(['lead', 'fechado', 'x']);
      const own = await admin(
        env(),
        'pipeline',
        'create',
        '--project',
        id,
        '--name',
        'Parcerias',
        '--columns',
        columns,
        '--loss-reasons',
        JSON.stringify([{ name: 'Sem fit' }]),
      );
      expect(own.json.slug).to.equal('parcerias-2');
      const res = (await pipelines(t, id)).body.data;
      expect(res.map((p: { name: string }) => p.name)).to.deep.equal(['Pipeline', 'Parcerias', 'Parcerias']);
      expect(res[1].loss_reasons).to.deep.equal(res[0].loss_reasons);
      expect(res[2].loss_reasons.map((r: { name: string }) => r.name)).to.deep.equal(['Sem fit']);
      expect(res[1].columns.map((c: { position: number }) => c.position)).to.deep.equal([1, 2, 3]);
    });

    it('refuses a pipeline without an open column, with a bad outcome, or for an unknown project', async () => {
      const t = await env().team();
      const id = await project(t);
      expect(
        (
          await admin(
            env(),
            'pipeline',
            'create',
            '--project',
            id,
            '--name',
            'X',
            '--columns',
            JSON.stringify([{ title: 'W', outcome: 'won' }]),
          )
        ).code,
      ).to.equal(1);
      expect(
        (
          await admin(
            env(),
            'pipeline',
            'create',
            '--project',
            id,
            '--name',
            'X',
            '--columns',
            JSON.stringify([{ title: 'W', outcome: 'maybe' }]),
          )
        ).code,
      ).to.equal(1);
      expect((await admin(env(), 'pipeline', 'create', '--project', id, '--name', 'X', '--columns', 'not json')).code).to.equal(1);
      expect(
        (await admin(env(), 'pipeline', 'create', '--project', UNKNOWN, '--name', 'X', '--columns', '[{"title":"a","outcome":"open"}]'))
          .code,
      ).to.equal(1);
      expect((await pipelines(t, id)).body.data).to.have.length(1);
    });

    it("answers 404 for a malformed, unknown or another team's project", async () => {
      const t = await env().team();
      const other = await project(await env().team());
      for (const id of ['nope', UNKNOWN, other]) {
        const res = await pipelines(t, id);
        expect(res.status).to.equal(404);
        expect(res.body.error.code).to.equal('NOT_FOUND');
      }
    });

    it('archives a project once through the operator command and reports when', async () => {
      const t = await env().team();
      const id = await project(t);
      const first = await admin(env(), 'project', 'archive', '--id', id);
      expect(first.code).to.equal(0);
      expect(Object.keys(first.json).sort()).to.deep.equal(['archived_at', 'id']);
      const again = await admin(env(), 'project', 'archive', '--id', id);
      expect(again.json.archived_at).to.equal(first.json.archived_at);
      expect((await admin(env(), 'project', 'archive', '--id', UNKNOWN)).code).to.equal(1);
      expect((await admin(env(), 'project', 'archive', '--id', 'nope')).code).to.equal(1);
    });
  },
  backendNames(),
);
