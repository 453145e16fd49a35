import { BoundedContext } from '../context';

// Placeholder until the webhooks context is wired: bind its repositories and use cases here.
export const webhooksContext: BoundedContext = {
  name: 'webhooks',
  bind() {},
};
