import { disableTwoFactorCall, enableTwoFactorCall, setUpTwoFactorCall } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { audit } from '../../http/audit-log';
import { registerCall } from '../../http/route';
import { disableTwoFactor, enableTwoFactor, setUpTwoFactor } from './two-factor';

export async function twoFactorRoutes(app: FastifyInstance) {
  const { db, clock, secrets } = app.deps;
  const contextOf = (ip: string) => ({ db, secrets, now: clock.now(), ip });

  registerCall(app, setUpTwoFactorCall, async (request, reply, caller) => {
    const otpauthUri = await setUpTwoFactor(contextOf(request.ip), caller, request.body.password);
    // Medium error correction and a quiet zone of 2 modules: what phone cameras read at a glance.
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    reply.header('cache-control', 'no-store');
    return { otpauthUri, qrSvg };
  });

  registerCall(app, enableTwoFactorCall, async (request, reply, caller) => {
    const recoveryCodes = await enableTwoFactor(contextOf(request.ip), caller, request.body.code);
    audit(request.log, 'twoFactor.enabled', { userId: caller.id, companyId: caller.defaultCompanyId });
    reply.header('cache-control', 'no-store');
    return { recoveryCodes };
  });

  registerCall(app, disableTwoFactorCall, async (request, _reply, caller) => {
    await disableTwoFactor(contextOf(request.ip), caller, request.body);
    audit(request.log, 'twoFactor.disabled', { userId: caller.id, companyId: caller.defaultCompanyId });
    return undefined;
  });
}
