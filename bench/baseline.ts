// The yardstick of `npm run bench`: a bare Koa + @koa/router app answering a fixed 2 KB JSON list, started
// in the same run as the product so that every figure is a ratio to what this machine does right now.
import Router from '@koa/router';
import Koa from 'koa';

const PORT = Number(process.env.PORT ?? 3918);

const item = (i: number) => ({
  id: `0190b000-0000-7000-8000-${String(i).padStart(12, '0')}`,
  title: `Negócio ${i}`,
  value: 1000 + i,
  phase: 'lead',
  status: 'ativo',
  created_at: '2026-11-24T12:00:00.000Z',
});
const body = {
  success: true,
  data: Array.from({ length: 13 }, (_, i) => item(i)),
  pagination: { page: 1, limit: 20, total: 13, pages: 1 },
};
if (JSON.stringify(body).length < 1900) throw new Error('the baseline answer must stay about 2 KB');

const app = new Koa();
const router = new Router();
router.get('/api/v1/list', (ctx) => {
  ctx.body = body;
});
app.use(router.routes());
app.listen(PORT, '127.0.0.1', () => process.send?.('ready'));
