import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { endSession } from '../../entities/user/user.api';

/** Shown after inactivity: the session is ended here, and the person may sign in again. */
export function AutolockScreen() {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  useEffect(() => {
    void endSession().finally(() => queryClient.clear());
  }, [queryClient]);
  return (
    <section className="card auth-card" aria-labelledby="autolock-title">
      <h1 id="autolock-title">{t('autolock.title')}</h1>
      <p className="lead">{t('autolock.legend')}</p>
      <Link to="/login" className="button button-primary button-block">
        {t('autolock.signInAgain')}
      </Link>
    </section>
  );
}
