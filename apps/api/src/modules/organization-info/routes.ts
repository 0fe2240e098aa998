import { getOrganizationInfoCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { resolveOrganization } from '../organizations/resolve-organization';

export async function organizationInfoRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  registerCall(app, getOrganizationInfoCall, async (request) => {
    const organization = await resolveOrganization(db, request.headers.organization);
    return {
      slug: organization.slug,
      name: organization.name,
      supportPhone: organization.supportPhone,
      locale: organization.locale,
      termsFullUrl: organization.termsFullUrl,
    };
  });
}
