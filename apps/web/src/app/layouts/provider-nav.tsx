import { Anchor, type AnchorProps, Box } from '@mantine/core';
import { NavLink as RouterNavLink } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n/use-translation';
import classes from './provider-header.module.css';

type Props = {
  canAnticipate: boolean;
  isConsult: boolean;
  direction: 'row' | 'column';
  onNavigate?: () => void;
};

/**
 * The provider's links: dashboard; program selection when the company can anticipate; for
 * ROLE_PROVIDER_CONSULT the older front end's report, in a new tab
 * (docs/product/screens-and-routes.md#provider-header).
 */
export function ProviderNav({ canAnticipate, isConsult, direction, onNavigate }: Props) {
  const { t } = useTranslation();
  const link: AnchorProps = { className: classes.navLink, underline: 'never' };
  return (
    <Box component="nav" aria-label={t('header.nav')}>
      <Box component="ul" className={classes.navList} data-direction={direction}>
        <li>
          <Anchor component={RouterNavLink} to={paths.dashboard} onClick={onNavigate} {...link}>
            {t('header.dashboard')}
          </Anchor>
        </li>
        {canAnticipate && (
          <li>
            <Anchor component={RouterNavLink} to={paths.programSelection} onClick={onNavigate} {...link}>
              {t('header.program-selection')}
            </Anchor>
          </li>
        )}
        {isConsult && (
          <li>
            <Anchor
              component={RouterNavLink}
              to={paths.legacyProviderTitlesReport}
              target="_blank"
              rel="noopener noreferrer"
              {...link}
            >
              {t('header.consult')} <span className="visually-hidden">{t('global.new-tab')}</span>
            </Anchor>
          </li>
        )}
      </Box>
    </Box>
  );
}
