import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAcceptTerms } from '../../features/session/api/accept-terms';
import { TermsPanel } from '../../features/terms/components/terms-panel';
import { useTranslation } from '../../lib/i18n/use-translation';

/** `/accept-terms-of-use`: accepting goes on to /dashboard. The full text opens through /full-terms. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptTerms();
  return (
    <>
      <title>{`${t('terms.title')} · ${t('app.name')}`}</title>
      <TermsPanel
        fullTermsHref={paths.fullTerms}
        isAccepting={accept.isPending}
        onAccept={() => accept.mutate(undefined, { onSuccess: () => navigate(paths.dashboard) })}
      />
    </>
  );
}
