// The inbound receiver reads its own body: any content type, kept as text exactly as sent, so that a
// body the API cannot read yet is still stored (and replayable) instead of being parsed to `{}`.
import { Context, Middleware } from 'koa';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { charsetOf } from '../../../application/webhooks/inbound-body';
import { PayloadTooLarge, UnreadableBody, UnsupportedMediaType } from '../shared/http-errors';

export interface RawInboundBody {
  raw: string;
  contentType: string | null;
  /**
   * The bytes received (decompressed): what a sender signs. The text does not always give them back (a
   * Latin-1 form, a UTF-8 byte order mark, bytes that are not UTF-8).
   */
  bytes: Buffer;
}

/** POST /webhooks/inbound/:endpointId, in any letter case and with a trailing slash, as the router matches it. */
const RECEIVER_PATH = /^\/api\/v1\/webhooks\/inbound\/[^/]+\/?$/i;

export const isInboundReceiverPost = (ctx: Context): boolean => ctx.method === 'POST' && RECEIVER_PATH.test(ctx.path);

const unsupportedEncoding = (encoding: string): Error =>
  new UnsupportedMediaType(`Unsupported Content-Encoding ${encoding}; send gzip, deflate, br or no encoding`);

const encodingOf = (ctx: Context): string => (ctx.get('content-encoding') || 'identity').trim().toLowerCase();

const decoded = (req: Readable, encoding: string): Readable => {
  switch (encoding) {
    case 'identity':
      return req;
    case 'gzip':
    case 'x-gzip':
      return req.pipe(createGunzip());
    case 'deflate':
      return req.pipe(createInflate());
    case 'br':
      return req.pipe(createBrotliDecompress());
    default:
      throw unsupportedEncoding(encoding);
  }
};

/**
 * The body as text in its declared charset (UTF-8 by default). Above `limitBytes` (after
 * decompression, so a small gzip cannot inflate past it) it is 413, with or without Content-Length.
 */
export async function readRawInboundBody(ctx: Context, limitBytes: number): Promise<RawInboundBody> {
  const contentType = ctx.get('content-type') || null;
  const declared = Number(ctx.get('content-length'));
  const encoding = encodingOf(ctx);
  if (encoding === 'identity' && Number.isFinite(declared) && declared > limitBytes)
    throw new PayloadTooLarge('Request body larger than allowed');
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
    throw new UnreadableBody(`The body could not be decompressed as ${encoding}`);
  }
  const bytes = Buffer.concat(chunks);
  return { raw: new TextDecoder(charsetOf(contentType)).decode(bytes), contentType, bytes };
}

/**
 * `parse` (a body parser) with its failures told apart from the routes' own: what it throws before it
 * passes the request on is about the body the client sent. An error that names no HTTP status there (a
 * gzip body that is not gzip, a brotli body cut short: zlib's errors) is the client's, a 400, not a 500.
 */
export const readingBody =
  (parse: Middleware): Middleware =>
  async (ctx, next) => {
    let parsed = false;
    try {
      await parse(ctx, () => {
        parsed = true;
        return next();
      });
    } catch (err) {
      if (parsed) throw err;
      const encoding = encodingOf(ctx);
      const status = (err as { status?: unknown }).status;
      if (status === 415 && encoding !== 'identity') throw unsupportedEncoding(encoding);
      if (typeof status === 'number') throw err;
      throw new UnreadableBody(
        encoding === 'identity' ? 'The body could not be read' : `The body could not be decompressed as ${encoding}`,
      );
    }
  };

/**
 * Gives the receiver `ctx.state.readInboundBody`, which reads its body when the receiver admits the sender;
 * every other request goes to `otherwise`. A body left unread (no such endpoint, a wrong secret) is not
 * read afterwards either: the answer closes the connection instead.
 */
export const inboundReceiverBody =
  (limitBytes: number, otherwise: Middleware): Middleware =>
  async (ctx, next) => {
    if (!isInboundReceiverPost(ctx)) {
      await readingBody(otherwise)(ctx, next);
      return;
    }
    let read = false;
    ctx.state.readInboundBody = (): Promise<RawInboundBody> => {
      read = true;
      return readRawInboundBody(ctx, limitBytes);
    };
    try {
      await next();
    } finally {
      if (!read) ctx.set('Connection', 'close');
    }
  };
