import { publicUrl } from '../../config.ts';
import { EmailComposer } from '../../email/compose.ts';
import { MailDelivery } from '../../email/outbox.ts';
import { EmailSigner } from '../../email/tokens.ts';
import { smtpTransport } from '../../email/transport.ts';
import type { ServerModule } from '../module.ts';
import { EmailAdminService } from './admin.ts';
import { emailAdminRoutes } from './admin-routes.ts';
import { EmailControlsService } from './controls.ts';
import { emailPublicRoutes } from './public-routes.ts';
import { emailRoutes } from './routes.ts';
import { EmailService } from './service.ts';

export const emailModule: ServerModule = {
  name: 'email',
  async setup({ deps, server, services, resolveUser, secret, addJob }) {
    const { config } = deps;
    const transport =
      deps.mailTransport !== undefined ? deps.mailTransport : config.SMTP_URL ? smtpTransport(config.SMTP_URL, Math.max(5, config.EMAIL_SEND_CONCURRENCY)) : null;
    server.addHook('onClose', async () => transport?.close());
    const signer = new EmailSigner(await secret('email'));
    const email = services.provide(
      'email',
      new EmailService({
        pool: deps.pool,
        composer: new EmailComposer(signer, publicUrl(config)),
        delivery: new MailDelivery({
          pool: deps.pool,
          transport,
          from: config.EMAIL_FROM,
          ratePerSecond: config.EMAIL_RATE_PER_SECOND,
          concurrency: config.EMAIL_SEND_CONCURRENCY,
          maxAttempts: config.EMAIL_MAX_ATTEMPTS,
          now: deps.now,
        }),
        from: config.EMAIL_FROM,
        now: deps.now,
      }),
    );
    const controls = services.provide('emailControls', new EmailControlsService(deps.db, deps.pool, deps.now));
    // The mail run plans what is due and sends the outbox; queuing mail asks for a run at once.
    addJob({
      queue: 'email-run',
      intervalSeconds: config.EMAIL_POLL_SECONDS,
      expireInSeconds: 1800,
      run: () => email.run(),
      whenRequestable: (requestNow) => {
        email.kick = requestNow;
      },
    });
    await server.register(emailRoutes(controls, resolveUser, () => email.enabled));
    await server.register(emailPublicRoutes(email, signer, deps.now));
    await server.register(emailAdminRoutes(email, new EmailAdminService(deps.pool, deps.now, services.get('audit')), config.EMAIL_FROM, resolveUser));
  },
};
