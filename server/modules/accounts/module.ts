import { describeLimit } from '../../http/api-docs.ts';
import type { ServerModule } from '../module.ts';
import { configuredProviders } from './auth.ts';
import { accountsRoutes } from './routes.ts';
import { AccountsService } from './service.ts';
import { PER_ACCOUNT } from './sign-in-limits.ts';

/** Sign-up, sign-in, the account and its data. Who is calling is the app's (access control needs it first). */
export const accountsModule: ServerModule = {
  name: 'accounts',
  rateLimitNotes: (config) => [
    `Sign-in: ${config.SIGN_IN_ATTEMPTS_PER_MINUTE} attempts a minute per address, and ${describeLimit(PER_ACCOUNT)} failed attempts per account before the addresses that failed are held back.`,
    `Sign-up: ${config.SIGN_UPS_PER_HOUR_PER_ADDRESS} an hour per address and ${config.SIGN_UPS_PER_HOUR_PER_EMAIL_DOMAIN} an hour per email domain.`,
  ],
  async setup({ deps, server, services, resolveUser, auth, limiter }) {
    const { config } = deps;
    await server.register(
      accountsRoutes({
        auth,
        service: services.provide('accounts', new AccountsService(deps.db, services.get('emailControls'), services.get('settings'))),
        resolveUser,
        limiter,
        providers: configuredProviders(config),
        localAccounts: config.LOCAL_ACCOUNTS,
        signInAttemptsPerMinute: config.SIGN_IN_ATTEMPTS_PER_MINUTE,
        signUps: { perAddressPerHour: config.SIGN_UPS_PER_HOUR_PER_ADDRESS, perDomainPerHour: config.SIGN_UPS_PER_HOUR_PER_EMAIL_DOMAIN },
      }),
    );
  },
};
