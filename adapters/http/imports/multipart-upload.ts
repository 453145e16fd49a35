// POST /imports reads its own body: a multipart/form-data upload streamed with busboy, its `options` part
// read first and its `file` part handed on as it arrives (never held whole, never written to disk).
import busboy from 'busboy';
import { Readable } from 'node:stream';
import { ValidationFailed } from '../../../domain/shared/errors';
import { PayloadTooLarge, UnreadableBody, UnsupportedMediaType } from '../shared/http-errors';
import { Ctx } from '../shared/params';

/** The options part is small JSON: more is not options. */
const OPTIONS_MAX_BYTES = 64 * 1024;
/** A file's name is kept to this many characters. */
const FILE_NAME_MAX = 200;

export interface UploadedFile {
  name: string;
  bytes: AsyncIterable<Buffer>;
}

export interface UploadLimits {
  /** The file part's largest size in bytes (IMPORT_MAX_BYTES); beyond it 413. */
  maxFileBytes: number;
}

const tooLarge = (limits: UploadLimits) => new PayloadTooLarge(`The file is larger than ${limits.maxFileBytes} bytes (IMPORT_MAX_BYTES)`);

/** The options part as JSON: 400 naming `options` when it is not. */
function optionsJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationFailed('The options part must be a JSON object', 'options');
  }
}

async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads the upload of `ctx`: `parse` checks the options part (it must come before the file part), then
 * `receive` gets them with the file as a stream of its bytes, and its answer is this one's. A request that is
 * not multipart/form-data is 415, a compressed one too; a part missing, or options that are not JSON, 400
 * naming the part; a file past `limits.maxFileBytes` 413. Whatever `receive` leaves unread is discarded, and
 * the connection closed behind the answer.
 */
export async function readUpload<O, T>(
  ctx: Ctx,
  limits: UploadLimits,
  parse: (options: unknown) => O,
  receive: (options: O, file: UploadedFile) => Promise<T>,
): Promise<T> {
  if (!ctx.request.is('multipart/form-data')) {
    throw new UnsupportedMediaType('Send the file as multipart/form-data, with an options part and a file part');
  }
  const encoding = (ctx.get('content-encoding') || 'identity').trim().toLowerCase();
  if (encoding !== 'identity') throw new UnsupportedMediaType(`Unsupported Content-Encoding ${encoding}; send the upload uncompressed`);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: ctx.req.headers,
      limits: { fileSize: limits.maxFileBytes, fieldSize: OPTIONS_MAX_BYTES, files: 2, fields: 4, parts: 6 },
    });
  } catch {
    throw new UnreadableBody('The multipart body has no boundary');
  }

  let fileTooLarge = false;
  const done = new Promise<T>((resolve, reject) => {
    let options: O | undefined;
    let received: Promise<T> | undefined;
    let optionsPending: Promise<void> | undefined;
    const fail = (err: unknown) => reject(err instanceof Error ? err : new Error(String(err)));
    const takeOptions = (text: string, truncated: boolean) => {
      if (options !== undefined) throw new ValidationFailed('Send one options part', 'options');
      if (truncated) throw new ValidationFailed(`The options part is larger than ${OPTIONS_MAX_BYTES} bytes`, 'options');
      options = parse(optionsJson(text));
    };

    parser.on('field', (name, value, info) => {
      if (name !== 'options') return;
      try {
        takeOptions(value, info.valueTruncated);
      } catch (err) {
        fail(err);
      }
    });
    parser.on('file', (name, stream, info) => {
      if (name === 'options') {
        // Options sent as a JSON file (`-F options=@options.json`).
        optionsPending = textOf(stream)
          .then((text) => takeOptions(text, false))
          .catch(fail);
        return;
      }
      if (name !== 'file' || received !== undefined) {
        stream.resume();
        if (name === 'file') fail(new ValidationFailed('Send one file part', 'file'));
        return;
      }
      // Past the limit busboy ends the part early (the rest is discarded): the reader is told at once.
      stream.on('limit', () => {
        fileTooLarge = true;
      });
      const bytes = async function* (): AsyncGenerator<Buffer> {
        for await (const chunk of stream) {
          if (fileTooLarge) throw tooLarge(limits);
          yield chunk as Buffer;
        }
        if (fileTooLarge || stream.truncated) throw tooLarge(limits);
      };
      received = (optionsPending ?? Promise.resolve()).then(() => {
        if (options === undefined) throw new ValidationFailed('Send the options part before the file part', 'options');
        return receive(options, { name: (info.filename || 'upload').slice(0, FILE_NAME_MAX), bytes: bytes() });
      });
      received.then(resolve, fail);
    });
    parser.on('error', () => fail(new UnreadableBody('The multipart body could not be read')));
    parser.on('close', () => {
      if (received !== undefined) return;
      void (optionsPending ?? Promise.resolve()).then(() => {
        if (options === undefined) fail(new ValidationFailed('The options part is missing', 'options'));
        else fail(new ValidationFailed('The file part is missing', 'file'));
      });
    });
  });

  ctx.req.pipe(parser);
  try {
    return await done;
  } catch (err) {
    // What was not read is discarded; the answer closes the connection behind it.
    ctx.req.unpipe(parser);
    ctx.req.resume();
    ctx.set('Connection', 'close');
    // The reader may have wrapped the size refusal in its own: the file was too large, whatever it says.
    if (fileTooLarge) throw tooLarge(limits);
    throw err;
  }
}
