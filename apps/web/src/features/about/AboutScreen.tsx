import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from '../../app/queries';

export function AboutScreen() {
  const { t } = useTranslation();
  const { data: config } = useSuspenseQuery(appConfigQuery);
  return (
    <main className="page narrow">
      <h1>Twofold</h1>
      <p>
        {t('routes.about')} · v{config.version}
      </p>
    </main>
  );
}
