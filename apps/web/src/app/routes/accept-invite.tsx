import { useMediaQuery } from '@mantine/hooks';
import { type ErrorCode, errorBody, type InviteStatus } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { appConfig } from '../../config/app-config';
import { paths } from '../../config/paths';
import { useCreateInvitedPerson } from '../../features/invite/api/create-invited-person';
import { useInvite } from '../../features/invite/api/get-invite';
import { useInviteSignIn } from '../../features/invite/api/invite-sign-in';
import { InviteSuccessDialog } from '../../features/invite/components/invite-success-dialog';
import { InviteUnavailable } from '../../features/invite/components/invite-unavailable';
import { InviteFrame, InviteWizard } from '../../features/invite/components/invite-wizard';
import { WelcomeStep } from '../../features/invite/components/welcome-step';
import { isMobileDevice } from '../../lib/device';
import { isApiError } from '../../lib/errors/app-error';
import { reportError } from '../../lib/errors/error-display-store';
import { useTranslation } from '../../lib/i18n/use-translation';

const unconfirmed: Record<Exclude<InviteStatus, 'CONFIRMED'>, ErrorCode> = {
  OPEN: 'error.unknown',
  CLOSED: 'error.invite.closed',
  WAITING_CONFIRMATION: 'error.invite.waitingConfirmation',
};

/** Only CONFIRMED opens the success dialog; any other status is shown as that invite status' error. */
function reportUnconfirmed({ inviteStatus }: { inviteStatus: InviteStatus }) {
  if (inviteStatus !== 'CONFIRMED') reportError(errorBody(unconfirmed[inviteStatus]));
}

/** The phone layout of the wizard (max width 767 px, docs/product/screens-and-routes.md#constants). */
const phoneQuery = '(max-width: 767px)';

/**
 * `/accept-invite/:token?companyName&identification&organizationName`: the welcome names the company from
 * the query string while the invite loads; only an OPEN invite goes on to the wizard, any other answer is
 * the blocking error.invite.* error of the error display ("understood"), with the same message left on the
 * page. Start use logs in and, whatever the answer, leaves for /invite-redirect
 * (docs/product/screens-and-routes.md#invitation-wizard).
 */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const [query] = useSearchParams();
  const invite = useInvite(token);
  const create = useCreateInvitedPerson();
  const startUse = useInviteSignIn();
  const isMobile = useMediaQuery(phoneQuery, undefined, { getInitialValueInEffect: false });
  // The device, read once the page runs (the server, which draws the welcome, has none): only the success
  // dialog, opened later, depends on it.
  const [isPhoneDevice, setPhoneDevice] = useState(false);
  useEffect(() => setPhoneDevice(isMobileDevice()), []);
  const created = create.variables?.body;
  const preview = {
    companyName: query.get('companyName') ?? undefined,
    identification: query.get('identification') ?? undefined,
    organizationName: query.get('organizationName') ?? undefined,
  };
  const errorCode = isApiError(invite.error) ? invite.error.detail.code : 'error.unknown';
  const isInviteError = errorCode.startsWith('error.invite.');
  return (
    <>
      <title>{`${t('invite.title')} · ${t('app.name')}`}</title>
      {invite.isPending && (
        <InviteFrame isMobile={false}>
          <WelcomeStep details={preview} isLoading onStart={() => {}} />
        </InviteFrame>
      )}
      {invite.isError && (
        <InviteFrame isMobile={false}>
          <InviteUnavailable
            messageKey={errorCode}
            actionLabel={isInviteError ? t('invite.unavailable.login') : t('global.try-again')}
            onAction={() => (isInviteError ? navigate(paths.login) : void invite.refetch())}
          />
        </InviteFrame>
      )}
      {invite.isSuccess && (
        <InviteWizard
          token={token}
          invite={invite.data}
          isMobile={isMobile}
          isFinishing={create.isPending}
          onFinish={(body) => create.mutate({ token, body }, { onSuccess: reportUnconfirmed })}
        />
      )}
      <InviteSuccessDialog
        opened={create.data?.inviteStatus === 'CONFIRMED'}
        email={created?.email ?? ''}
        isMobileDevice={isPhoneDevice}
        openAppUrl={appConfig.openAppUrl}
        isStarting={startUse.isPending}
        onStartUse={() =>
          created &&
          startUse.mutate(
            { email: created.email, password: created.password },
            { onSettled: () => navigate(paths.inviteRedirect, { replace: true }) },
          )
        }
      />
    </>
  );
}
