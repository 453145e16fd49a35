// The inbound receiver reads its own body: any content type, kept as text exactly as sent, so that a
// body the API cannot read yet is still stored (and replayable) instead of being parsed to `{}`.
import { Context, Middleware } from 'koa';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { charsetOf } from '../../../application/webhooks/inbound-body';
import { PayloadTooLarge } from '../shared/http-errors';

export interface RawInboundBody {
  raw: string;
  contentType: string | null;
}

/** POST /webhooks/inbound/:endpointId, in any letter case and with a trailing slash, as the router matches it. */
const RECEIVER_PATH = /^\/api\/v1\/webhooks\/inbound\/[^/]+\/?$/i;

export const isInboundReceiverPost = (ctx: Context): boolean => ctx.method === 'POST' && RECEIVER_PATH.test(ctx.path);

const unsupportedEncoding = (encoding: string): Error =>
  Object.assign(new Error(`Unsupported Content-Encoding ${encoding}`), { status: 415, expose: true });

const decoded = (req: Readable, encoding: string): Readable => {
  switch (encoding) {
    case 'identity': return req;
    case 'gzip': case 'x-gzip': return req.pipe(createGunzip());
    case 'deflate': return req.pipe(createInflate());
    case 'br': return req.pipe(createBrotliDecompress());
    default: throw unsupportedEncoding(encoding);
  }
};

/**
 * The body as text in its declared charset (UTF-8 by default). Above `limitBytes` (after
 * decompression, so a small gzip cannot inflate past it) it is 413, with or without Content-Length.
 */
export async function readRawInboundBody(ctx: Context, limitBytes: number): Promise<RawInboundBody> {
  const contentType = ctx.get('content-type') || null;
  const declared = Number(ctx.get('content-length'));
  const encoding = (ctx.get('content-encoding') || 'identity').trim().toLowerCase();
  if (encoding === 'identity' && Number.isFinite(declared) && declared > limitBytes) throw new PayloadTooLarge('Request body larger than allowed');
  const source = decoded(ctx.req, encoding);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      size += buf.length;
      if (size > limitBytes) {
        // Stop reading; the 413 is answered and the connection closed behind it.
        ctx.req.unpipe();
        ctx.req.pause();
        throw new PayloadTooLarge('Request body larger than allowed');
      }
      chunks.push(buf);
    }
  } catch (err) {
    if (err instanceof PayloadTooLarge || encoding === 'identity') throw err;
    // A corrupt compressed body: the client sent what it said it did not.
    throw Object.assign(new Error('The body could not be decompressed'), { status: 400, expose: true });
  }
  return { raw: new TextDecoder(charsetOf(contentType)).decode(Buffer.concat(chunks)), contentType };
}

/** Reads the receiver's body into `ctx.state.inboundBody`; every other request goes to `otherwise`. */
export const inboundReceiverBody = (limitBytes: number, otherwise: Middleware): Middleware => async (ctx, next) => {
  if (!isInboundReceiverPost(ctx)) return otherwise(ctx, next);
  ctx.state.inboundBody = await readRawInboundBody(ctx, limitBytes);
  return next();
};
