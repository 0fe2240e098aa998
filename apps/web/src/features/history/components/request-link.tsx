import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { pathTo } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n/use-translation';
import type { RequestLinkState } from '../request-link-state';
import classes from './request-link.module.css';

/** The class of a row or card that the request's link covers. */
export const opensRequestClass = classes.opensRequest;

/**
 * The link of one request of the history to its detail page: the visible text (the request's date) then, for
 * screen readers, which request it opens. It covers its row or card (`opensRequestClass`). The history's own
 * query string travels with it, so the detail's way back returns to the same page of the history.
 */
export function RequestLink({ id, children }: { id: number; children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Anchor
      component={Link}
      to={pathTo('anticipationRequest', { id: String(id) })}
      state={{ historySearch: location.search } satisfies RequestLinkState}
      className={classes.link}
      fw={600}
      inherit
    >
      {children}
      <span className="visually-hidden">, {t('request.open', { id })}</span>
    </Anchor>
  );
}
