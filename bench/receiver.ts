// The subscribers' end of `npm run bench`, in a process of its own (so that it takes no time from the load
// generator): answers every POST with 200 at once, and tells on `GET /window` how many it received since the
// last look and at what rate (from the first to the last received), starting a new window.
import { createServer } from 'node:http';

let times: number[] = [];

createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/window') {
    const seen = times;
    times = [];
    const seconds = seen.length > 1 ? (seen[seen.length - 1] - seen[0]) / 1000 : 0;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ received: seen.length, perSecond: seconds > 0 ? Math.round(seen.length / seconds) : 0 }));
    return;
  }
  req.resume();
  req.on('end', () => {
    times.push(performance.now());
    res.writeHead(200).end();
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
