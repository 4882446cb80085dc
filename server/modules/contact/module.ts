import { describeLimit } from '../../http/api-docs.ts';
import type { ServerModule } from '../module.ts';
import { CONTACT_LIMIT, contactRoutes } from './routes.ts';

export const contactModule: ServerModule = {
  name: 'contact',
  rateLimitNotes: () => [`Contact messages: ${describeLimit(CONTACT_LIMIT)} per address.`],
  async setup({ deps, server, services, resolveUser, limiter }) {
    const email = services.get('email');
    await server.register(contactRoutes(deps.pool, limiter, resolveUser, services.get('settings'), (message) => email.notifyContactMessage(message)));
  },
};
