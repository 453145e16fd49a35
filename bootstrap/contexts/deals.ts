import { BoundedContext } from '../context';

// Placeholder until the deals context is wired: bind its repositories and use cases here.
export const dealsContext: BoundedContext = {
  name: 'deals',
  bind() {},
};
