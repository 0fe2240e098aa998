import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes';
import { authRoutes } from './auth/routes';
import { companyRoutes } from './companies/routes';
import { organizationInfoRoutes } from './organization-info/routes';

/** Every API module; each registers its own contract calls. */
export async function registerModules(app: FastifyInstance) {
  await authRoutes(app);
  await accountRoutes(app);
  await companyRoutes(app);
  await organizationInfoRoutes(app);
}
