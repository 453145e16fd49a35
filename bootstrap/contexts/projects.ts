import { BoundedContext } from '../context';

// Placeholder until the projects context is wired: bind its repositories and use cases here.
export const projectsContext: BoundedContext = {
  name: 'projects',
  bind() {},
};
