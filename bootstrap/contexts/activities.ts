import { BoundedContext } from '../context';

// Placeholder until the activities context is wired: bind its repositories and use cases here.
export const activitiesContext: BoundedContext = {
  name: 'activities',
  bind() {},
};
