// Requests Node's HTTP parser refuses before the app sees them (headers too large, a malformed request
// or header line, a client too slow to send its request): answered in the same envelope as every other
// error, instead of Node's empty bodies.
import { STATUS_CODES } from 'node:http';
import { Duplex } from 'node:stream';
import { failure } from './shared/envelope';

interface Refusal {
  status: number;
  code: string;
  message: string;
}

const MALFORMED: Refusal = { status: 400, code: 'VALIDATION_ERROR', message: 'Malformed HTTP request' };

/** By Node's error code; any other parser error is a malformed request. */
const REFUSALS: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'REQUEST_HEADER_FIELDS_TOO_LARGE', message: 'Request headers larger than allowed' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Chunk extensions larger than allowed' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'REQUEST_TIMEOUT', message: 'The request was not received in time' },
};

/** How long a refused client may keep sending before its connection is dropped: it reads the answer meanwhile. */
const LINGER_MS = 1000;

/** The complete HTTP/1.1 response to a refused request; the connection closes after it. */
export function clientErrorResponse(err: NodeJS.ErrnoException): string {
  const refusal = (err.code && REFUSALS[err.code]) || MALFORMED;
  const body = JSON.stringify(failure(refusal.code, refusal.message));
  return [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/**
 * Node's `clientError`: answers and closes, or only closes when the client is gone (a reset, a socket no
 * longer writable) or when a response already started on the connection (more bytes would corrupt it).
 */
export function refuseClientError(err: NodeJS.ErrnoException, socket: Duplex, responseStarted: boolean): void {
  if (err.code === 'ECONNRESET' || !socket.writable || responseStarted) {
    socket.destroy();
    return;
  }
  // Closing at once while the client still sends could reset the connection before it reads the answer.
  socket.end(clientErrorResponse(err));
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
