import {
  createAutoRuleCall,
  deleteAutoRuleCall,
  listAutoRuleRunsCall,
  listAutoRulesCall,
  previewAutoRuleCall,
  previewNewAutoRuleCall,
  updateAutoRuleCall,
} from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../http/audit-log';
import { registerCall } from '../../http/route';
import { findCallerProgramProvider } from '../access/caller-access';
import { previewRule } from './preview-rule';
import {
  createRule,
  deleteRule,
  draftFilters,
  filtersOf,
  findCallerRule,
  listRules,
  updateRule,
} from './rule-queries';
import { listRuns } from './run-rule';

/** Automatic early payment (docs/product/automation.md): the rules of a participation and their runs. */
export async function autoRuleRoutes(app: FastifyInstance) {
  const { db, clock } = app.deps;
  registerCall(app, listAutoRulesCall, async (request, _reply, caller) =>
    listRules(db, caller, request.query.programProviderId),
  );
  // The PIN is taken out of the body: checked against the program, never stored with the rule's settings.
  registerCall(app, createAutoRuleCall, async (request, _reply, caller) => {
    const { pin, ...body } = request.body;
    const { rule, companyId } = await createRule(db, body, {
      caller,
      pin,
      now: clock.now(),
      log: request.log,
    });
    audit(request.log, 'autoRule.created', {
      userId: caller.id,
      companyId,
      ruleId: rule.id,
      active: rule.active,
    });
    return rule;
  });
  registerCall(app, updateAutoRuleCall, async (request, _reply, caller) => {
    const { pin, ...settings } = request.body;
    const proof = { caller, pin, now: clock.now(), log: request.log };
    const { rule, companyId } = await updateRule(db, request.params.id, settings, proof);
    audit(request.log, 'autoRule.updated', {
      userId: caller.id,
      companyId,
      ruleId: rule.id,
      active: rule.active,
    });
    return rule;
  });
  registerCall(app, deleteAutoRuleCall, async (request, _reply, caller) => {
    const { companyId } = await deleteRule(db, caller, request.params.id, clock.now());
    audit(request.log, 'autoRule.deleted', { userId: caller.id, companyId, ruleId: request.params.id });
    return undefined;
  });
  // A preview moves no money: a PIN sent with the form is ignored.
  registerCall(app, previewNewAutoRuleCall, async (request, _reply, caller) => {
    const access = await findCallerProgramProvider(db, caller, request.body.programProviderId);
    return previewRule(db, access, draftFilters(request.body), clock.now());
  });
  registerCall(app, previewAutoRuleCall, async (request, _reply, caller) => {
    const { rule, access } = await findCallerRule(db, caller, request.params.id);
    return previewRule(db, access, filtersOf(rule), clock.now());
  });
  registerCall(app, listAutoRuleRunsCall, async (request, _reply, caller) => {
    const { rule } = await findCallerRule(db, caller, request.params.id);
    return listRuns(db, rule.id);
  });
}
