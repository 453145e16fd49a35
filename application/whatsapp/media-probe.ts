import { StatedFile } from '../../domain/whatsapp/outbound-content';

/**
 * Looks at a media link before it is sent: whether the API may point a provider at it at all, and what its
 * server says of the file. Throws ValidationFailed on `media.url` when the link is refused (not http or https,
 * a private, loopback, link-local or metadata address, this API itself); a server that does not answer, or
 * says nothing, gives nulls: the provider then judges the file itself.
 */
export interface MediaProbe {
  probe(url: string): Promise<StatedFile>;
}
