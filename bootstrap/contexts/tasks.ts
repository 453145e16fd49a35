import { BoundedContext } from '../context';

// Placeholder until the tasks context is wired: bind its repositories and use cases here.
export const tasksContext: BoundedContext = {
  name: 'tasks',
  bind() {},
};
