/**
 * Where events may be sent. A subscription's URL must be https (http too where the operator allows private
 * networks), and no address it resolves to may be loopback, private, link-local or cloud metadata (unless
 * allowed): checked when the URL is registered, and again, after DNS resolution, at every delivery.
 */
export interface EventTargetGuard {
  /** Throws `ValidationFailed` on field `url` naming what is wrong with it; resolves the host to judge it. */
  check(url: string): Promise<void>;
}
