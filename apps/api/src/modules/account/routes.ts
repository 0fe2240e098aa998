import {
  acceptTermsCall,
  changePasswordCall,
  finishPasswordResetCall,
  getAcceptedTermsCall,
  getAccountCall,
  getMyPersonCall,
  getResetKeyUserCall,
  getTermsOfUseCall,
  requestPasswordResetCall,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/route';
import { getOrganization, resolveOrganization } from '../organizations/resolve-organization';
import { acceptTerms, changePassword, getAccount, getPerson, hasAcceptedTerms } from './account-queries';
import {
  findResetCandidate,
  findUserByResetKey,
  finishPasswordReset,
  queuePasswordResetRequest,
} from './password-reset';

export async function accountRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;

  registerCall(app, getAccountCall, async (_request, _reply, caller) => getAccount(db, caller));

  registerCall(app, getMyPersonCall, async (_request, _reply, caller) => {
    const person = await getPerson(db, caller.id);
    return { name: person?.name ?? caller.firstName, email: person?.email ?? caller.login };
  });

  registerCall(app, getAcceptedTermsCall, async (_request, _reply, caller) => ({
    acceptedTerms: await hasAcceptedTerms(db, caller),
  }));

  registerCall(app, acceptTermsCall, async (_request, _reply, caller) => {
    await acceptTerms(db, caller, clock.now());
    return { acceptedTerms: true };
  });

  registerCall(app, getTermsOfUseCall, async (_request, _reply, caller) => {
    const organization = await getOrganization(db, caller.organizationId);
    return {
      version: organization.termsVersion,
      summaryHtml: organization.termsSummaryHtml,
      fullUrl: organization.termsFullUrl,
    };
  });

  registerCall(app, changePasswordCall, async (request, _reply, caller) => {
    await changePassword(db, caller, request.body, clock.now());
    return undefined;
  });

  registerCall(app, requestPasswordResetCall, async (request) => {
    const organization = await resolveOrganization(db, header(request.headers.organization));
    const candidate = await findResetCandidate(db, organization.id, request.body.email);
    // One job whatever the email, written before the answer; the decision, the key and the mail are the worker's.
    await queuePasswordResetRequest(db, candidate, clock.now(), request.ip);
    return undefined;
  });

  registerCall(app, getResetKeyUserCall, async (request) =>
    findUserByResetKey(db, request.params.key, clock.now()),
  );

  registerCall(app, finishPasswordResetCall, async (request) => {
    await finishPasswordReset(db, request.body, clock.now());
    return undefined;
  });
}

function header(value: string | string[] | undefined) {
  return Array.isArray(value) ? value[0] : value;
}
