import { getDefaultCompanyCall, listMyCompaniesCall, setDefaultCompanyCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { getDefaultCompany, listMyCompanies, setDefaultCompany } from './company-queries';

export async function companyRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, listMyCompaniesCall, async (_request, _reply, caller) =>
    listMyCompanies(db, caller, clock.now()),
  );
  registerCall(app, getDefaultCompanyCall, async (_request, _reply, caller) =>
    getDefaultCompany(db, caller, clock.now()),
  );
  registerCall(app, setDefaultCompanyCall, async (request, _reply, caller) =>
    setDefaultCompany(db, caller, request.params.id, clock.now()),
  );
}
