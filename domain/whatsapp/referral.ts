/**
 * The Click-to-WhatsApp ad a customer came from, as the provider reports it on their message
 * (`referral`). Every field may be absent: image ads have no video URL, Status ads no click id.
 */
export interface Referral {
  sourceUrl: string | null;
  sourceId: string | null;
  sourceType: string | null;
  headline: string | null;
  body: string | null;
  mediaType: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  thumbnailUrl: string | null;
  /** The ad click id, which Meta's Conversions API takes back to attribute a sale. */
  ctwaClid: string | null;
}
