import { BoundedContext } from '../context';

// Placeholder until the campaigns context is wired: bind its repositories and use cases here.
export const campaignsContext: BoundedContext = {
  name: 'campaigns',
  bind() {},
};
