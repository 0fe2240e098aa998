import {
  changePasswordCall,
  finishPasswordResetCall,
  getAccountCall,
  getResetKeyUserCall,
  requestPasswordResetCall,
} from './account';
import {
  confirmWebSessionCall,
  endWebSessionCall,
  issueTokenCall,
  logoutCall,
  startWebSessionCall,
} from './auth';
import {
  createAutoRuleCall,
  deleteAutoRuleCall,
  listAutoRuleRunsCall,
  listAutoRulesCall,
  previewAutoRuleCall,
  previewNewAutoRuleCall,
  updateAutoRuleCall,
} from './auto-rules';
import {
  cancelBatchCall,
  getBatchCall,
  getBatchStatementCall,
  listBatchesCall,
  requestBatchCall,
} from './batches';
import { getDefaultCompanyCall, listMyCompaniesCall, setDefaultCompanyCall } from './companies';
import { listCreditsCall, listUnavailableCreditsCall } from './credits';
import { getPortfolioCall, listNextCreditsCall } from './dashboard';
import { estimateCreditsCall, estimateProgramProviderCall } from './estimates';
import {
  getNotificationPreferencesCall,
  listInboxCall,
  markInboxItemReadCall,
  markInboxReadCall,
  setNotificationPreferencesCall,
} from './inbox';
import { getInviteCall, validateInviteEmailCall } from './invites';
import { listActiveNotificationsCall } from './notifications';
import { healthCall, metricsCall, readyCall } from './operations';
import { getChatCall, getOrganizationInfoCall } from './organizations';
import { createInvitedPersonCall, getMyPersonCall } from './persons';
import { createPlanCall } from './plans';
import { platformImportCall } from './platform';
import { getPlatformBatchCall, listPlatformBatchesCall } from './platform-batches';
import { withdrawCreditsCall } from './platform-credits';
import { listPlatformEventsCall, settleBatchCall } from './platform-feed';
import { deleteOfferCall, listOffersCall, putOfferCall } from './platform-offers';
import { getPlatformQuoteCall, postBidCall } from './platform-quotes';
import {
  createWebhookEndpointCall,
  deleteWebhookEndpointCall,
  listWebhookDeliveriesCall,
  listWebhookEndpointsCall,
  retryWebhookDeliveryCall,
  updateWebhookEndpointCall,
} from './platform-webhooks';
import {
  getProgramProviderConfigurationCall,
  getSimulationExampleCall,
  listMyProgramsCall,
} from './programs';
import { acceptQuoteCall, createQuoteCall, getQuoteCall } from './quotes';
import {
  disableTwoFactorCall,
  enableTwoFactorCall,
  endOtherSessionsCall,
  endSessionCall,
  listSessionsCall,
  setPinCall,
  setUpTwoFactorCall,
} from './security';
import { acceptTermsCall, getAcceptedTermsCall, getTermsOfUseCall } from './terms';
import { uploadCreditInvoiceCall } from './uploads';

export * from './account';
export * from './auth';
export * from './auto-rules';
export * from './batches';
export * from './companies';
export * from './credits';
export * from './dashboard';
export * from './estimates';
export * from './inbox';
export * from './invites';
export * from './notifications';
export * from './operations';
export * from './organizations';
export * from './persons';
export * from './plans';
export * from './platform';
export * from './platform-batches';
export * from './platform-credits';
export * from './platform-feed';
export * from './platform-offers';
export * from './platform-quotes';
export * from './platform-webhooks';
export * from './programs';
export * from './quotes';
export * from './security';
export * from './terms';
export * from './uploads';

/** Every call by name: the server registers them all from here, and a test checks them as a set. */
export const calls = {
  issueToken: issueTokenCall,
  logout: logoutCall,
  startWebSession: startWebSessionCall,
  confirmWebSession: confirmWebSessionCall,
  endWebSession: endWebSessionCall,
  getAccount: getAccountCall,
  requestPasswordReset: requestPasswordResetCall,
  finishPasswordReset: finishPasswordResetCall,
  changePassword: changePasswordCall,
  getResetKeyUser: getResetKeyUserCall,
  getAcceptedTerms: getAcceptedTermsCall,
  acceptTerms: acceptTermsCall,
  getTermsOfUse: getTermsOfUseCall,
  setUpTwoFactor: setUpTwoFactorCall,
  enableTwoFactor: enableTwoFactorCall,
  disableTwoFactor: disableTwoFactorCall,
  setPin: setPinCall,
  listSessions: listSessionsCall,
  endSession: endSessionCall,
  endOtherSessions: endOtherSessionsCall,
  getMyPerson: getMyPersonCall,
  createInvitedPerson: createInvitedPersonCall,
  listMyCompanies: listMyCompaniesCall,
  getDefaultCompany: getDefaultCompanyCall,
  setDefaultCompany: setDefaultCompanyCall,
  listMyPrograms: listMyProgramsCall,
  getProgramProviderConfiguration: getProgramProviderConfigurationCall,
  getSimulationExample: getSimulationExampleCall,
  listCredits: listCreditsCall,
  listUnavailableCredits: listUnavailableCreditsCall,
  listNextCredits: listNextCreditsCall,
  getPortfolio: getPortfolioCall,
  estimateCredits: estimateCreditsCall,
  estimateProgramProvider: estimateProgramProviderCall,
  requestBatch: requestBatchCall,
  createQuote: createQuoteCall,
  getQuote: getQuoteCall,
  acceptQuote: acceptQuoteCall,
  listBatches: listBatchesCall,
  getBatch: getBatchCall,
  getBatchStatement: getBatchStatementCall,
  cancelBatch: cancelBatchCall,
  listInbox: listInboxCall,
  markInboxItemRead: markInboxItemReadCall,
  markInboxRead: markInboxReadCall,
  getNotificationPreferences: getNotificationPreferencesCall,
  setNotificationPreferences: setNotificationPreferencesCall,
  listAutoRules: listAutoRulesCall,
  createAutoRule: createAutoRuleCall,
  updateAutoRule: updateAutoRuleCall,
  deleteAutoRule: deleteAutoRuleCall,
  previewNewAutoRule: previewNewAutoRuleCall,
  previewAutoRule: previewAutoRuleCall,
  listAutoRuleRuns: listAutoRuleRunsCall,
  createPlan: createPlanCall,
  uploadCreditInvoice: uploadCreditInvoiceCall,
  getInvite: getInviteCall,
  validateInviteEmail: validateInviteEmailCall,
  listActiveNotifications: listActiveNotificationsCall,
  getChat: getChatCall,
  getOrganizationInfo: getOrganizationInfoCall,
  health: healthCall,
  ready: readyCall,
  metrics: metricsCall,
  platformImport: platformImportCall,
  settleBatch: settleBatchCall,
  listPlatformEvents: listPlatformEventsCall,
  withdrawCredits: withdrawCreditsCall,
  listPlatformBatches: listPlatformBatchesCall,
  putOffer: putOfferCall,
  deleteOffer: deleteOfferCall,
  listOffers: listOffersCall,
  getPlatformQuote: getPlatformQuoteCall,
  postBid: postBidCall,
  getPlatformBatch: getPlatformBatchCall,
  createWebhookEndpoint: createWebhookEndpointCall,
  listWebhookEndpoints: listWebhookEndpointsCall,
  updateWebhookEndpoint: updateWebhookEndpointCall,
  deleteWebhookEndpoint: deleteWebhookEndpointCall,
  listWebhookDeliveries: listWebhookDeliveriesCall,
  retryWebhookDelivery: retryWebhookDeliveryCall,
} as const;

export type CallName = keyof typeof calls;
