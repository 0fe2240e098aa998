import { Divider, Drawer, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Program } from '@portal/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/use-translation';
import { PlannerForm } from './planner-form';
import { RulesSection } from './rules-section';

type Props = {
  program: Program;
  opened: boolean;
  onClose: () => void;
  /** The planner's answer: the simulation of these credits. */
  onPlanned: (creditIds: number[]) => void;
};

/**
 * The invoices page's planner and automatic rules, in a drawer from the right (the whole screen on a phone):
 * opened from a button of the page's header, so the invoice list keeps its place under it
 * (docs/product/screens-and-routes.md#invoices-page).
 */
export function AutomationDrawer({ program, opened, onClose, onPlanned }: Props) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 767px)', undefined, { getInitialValueInEffect: false });
  const isActive = program.providerStatus === 'ACTIVATED';
  // A rule's form has the drawer to itself: on a phone it would otherwise start below the planner.
  const [isFormOpen, setFormOpen] = useState(false);
  return (
    <Drawer
      opened={opened}
      onClose={() => {
        // The drawer's content goes when it closes (the form with it): it opens again on the list.
        setFormOpen(false);
        onClose();
      }}
      position="right"
      size={isPhone ? '100%' : 560}
      title={t('automation.title')}
      closeButtonProps={{ 'aria-label': t('global.close') }}
    >
      <Stack gap="lg">
        {!isFormOpen && (
          <>
            <Text size="sm" c="dimmed">
              {t('automation.intro')}
            </Text>
            <PlannerForm programProviderId={program.providerId} isActive={isActive} onPlanned={onPlanned} />
            <Divider />
          </>
        )}
        <RulesSection
          programProviderId={program.providerId}
          isActive={isActive}
          onFormChange={setFormOpen}
          requirePin={program.requirePin}
        />
      </Stack>
    </Drawer>
  );
}
