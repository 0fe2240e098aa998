import { getDefaultCompanyCall, listMyCompaniesCall, setDefaultCompanyCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { getDefaultCompany, listMyCompanies, setDefaultCompany } from './company-queries';

export async function companyRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  registerCall(app, listMyCompaniesCall, async (_request, _reply, caller) => listMyCompanies(db, caller.id));
  registerCall(app, getDefaultCompanyCall, async (_request, _reply, caller) =>
    getDefaultCompany(db, caller.id),
  );
  registerCall(app, setDefaultCompanyCall, async (request, _reply, caller) =>
    setDefaultCompany(db, caller.id, request.params.id),
  );
}
