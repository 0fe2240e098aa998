import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes';
import { pinRoutes } from './account-security/pin-routes';
import { sessionRoutes } from './account-security/session-routes';
import { twoFactorRoutes } from './account-security/two-factor-routes';
import { authRoutes } from './auth/routes';
import { autoRuleRoutes } from './auto-rules/routes';
import { batchRoutes } from './batches/routes';
import { companyRoutes } from './companies/routes';
import { creditRoutes } from './credits/routes';
import { estimateRoutes } from './estimates/routes';
import { inboxRoutes } from './inbox/routes';
import { inviteRoutes } from './invites/routes';
import { notificationRoutes } from './notifications/routes';
import { operationsRoutes } from './operations/routes';
import { organizationInfoRoutes } from './organization-info/routes';
import { organizationRoutes } from './organizations/routes';
import { planRoutes } from './plans/routes';
import { programRoutes } from './programs/routes';
import { statementRoutes } from './statements/routes';
import { uploadRoutes } from './uploads/routes';

/** Every API module; each registers its own contract calls. */
export async function registerModules(app: FastifyInstance) {
  await authRoutes(app);
  await accountRoutes(app);
  await twoFactorRoutes(app);
  await pinRoutes(app);
  await sessionRoutes(app);
  await companyRoutes(app);
  await estimateRoutes(app);
  await batchRoutes(app);
  await autoRuleRoutes(app);
  await planRoutes(app);
  await statementRoutes(app);
  await creditRoutes(app);
  await organizationInfoRoutes(app);
  await inviteRoutes(app);
  await programRoutes(app);
  await notificationRoutes(app);
  await inboxRoutes(app);
  await organizationRoutes(app);
  await uploadRoutes(app);
  await operationsRoutes(app);
}
