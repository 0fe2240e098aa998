import { Box, Paper, Stack, Title, Transition } from '@mantine/core';
import type { Invite, PersonCreation } from '@portal/contract';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { buildPersonCreation, type InviteDraft, stepOfField } from '../invite-draft';
import { useInviteMotion } from '../use-invite-motion';
import { useInviteWizard } from '../use-invite-wizard';
import { DesktopWizard } from './desktop-wizard';
import { MobileWizard } from './mobile-wizard';
import { WelcomeStep } from './welcome-step';

type Props = {
  token: string;
  invite: Invite;
  isMobile: boolean;
  isFinishing: boolean;
  onFinish: (body: PersonCreation) => void;
};

/** The page frame: a card on a desktop; on a phone the sections are the cards. */
export function InviteFrame({ isMobile, children }: { isMobile: boolean; children: React.ReactNode }) {
  if (isMobile) return <Box>{children}</Box>;
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} maw={760} mx="auto">
      {children}
    </Paper>
  );
}

/**
 * The invitation wizard of an OPEN invite: the welcome, then the desktop stepper or the mobile sections.
 * Finishing checks the whole draft with the contract's form schema; a field that fails (a step re-edited
 * and left incomplete) sends the invitee back to its step.
 */
export function InviteWizard({ token, invite, isMobile, isFinishing, onFinish }: Props) {
  const { t } = useTranslation();
  const motion = useInviteMotion();
  const wizard = useInviteWizard(invite.email, isMobile ? 'mobile' : 'desktop');
  const isWelcome = wizard.state.step === 'welcome';
  const finish = (draft: InviteDraft) => {
    const result = buildPersonCreation(draft);
    const [issue] = result.issues;
    if (issue) wizard.dispatch({ type: 'goTo', step: stepOfField(issue.field, isMobile) });
    else if (result.body) onFinish(result.body);
  };
  const timing = { duration: motion.enter, exitDuration: motion.exit, enterDelay: motion.exit };
  const body = { wizard, isMobile, token, isFinishing, onFinish: finish };
  return (
    <>
      <Transition mounted={isWelcome} transition="fade" {...timing}>
        {(style) => (
          <Box style={style}>
            <InviteFrame isMobile={false}>
              <WelcomeStep
                details={invite}
                isLoading={false}
                onStart={() => wizard.dispatch({ type: 'next' })}
              />
            </InviteFrame>
          </Box>
        )}
      </Transition>
      <Transition mounted={!isWelcome} transition="fade" {...timing}>
        {(style) => (
          <Box style={style}>
            <InviteFrame isMobile={isMobile}>
              <Stack gap="lg">
                <Title order={1} size="h2">
                  {t('invite.wizard.title')}
                </Title>
                {isMobile ? <MobileWizard {...body} /> : <DesktopWizard {...body} />}
              </Stack>
            </InviteFrame>
          </Box>
        )}
      </Transition>
    </>
  );
}
