import { BoundedContext } from '../context';

// Placeholder until the whatsapp context is wired: bind its repositories and use cases here.
export const whatsappContext: BoundedContext = {
  name: 'whatsapp',
  bind() {},
};
