/** The tenant every use case acts for: fixed by the API key, never by the request body. */
export interface TeamContext {
  readonly teamId: string;
}
