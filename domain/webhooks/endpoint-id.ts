// The public id of an inbound endpoint (`endpoint_id`), the last segment of its inbound URL: `wh_`, then
// random base64url characters. Unlike the administration id it is not a UUID, so either can be told apart.

export const ENDPOINT_ID_PREFIX = 'wh_';

/** Stored in a column of 80 characters. */
const ENDPOINT_ID = /^wh_[A-Za-z0-9_-]{1,77}$/;

/** Whether `value` has the form of a public endpoint id (whether one exists is the repository's to say). */
export const isEndpointId = (value: unknown): value is string => typeof value === 'string' && ENDPOINT_ID.test(value);
