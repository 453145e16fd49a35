import { expect } from 'chai';
import Koa from 'koa';
import supertest from 'supertest';
import { RequestActivity } from '../../../adapters/http/middleware/request-activity';

describe('RequestActivity', () => {
  it('is busy while a request is served and for a moment after, then idle; its own caller never makes it busy', async () => {
    const activity = new RequestActivity();
    const app = new Koa();
    app.use(activity.middleware());
    let during = -1;
    app.use((ctx) => {
      during = activity.utilization();
      ctx.body = 'ok';
    });
    expect(activity.utilization()).to.equal(0);
    await supertest(app.callback()).get('/').expect(200);
    expect(during).to.equal(1);
    expect(activity.utilization()).to.equal(1);
    await new Promise((r) => setTimeout(r, 30));
    expect(activity.utilization()).to.equal(0);
    // Work outside a request (a batch of an import) leaves it idle.
    const until = performance.now() + 30;
    while (performance.now() < until);
    expect(activity.utilization()).to.equal(0);
  });
});
