import { useEffect } from 'react';
import { APP_NAME } from '../../common/constants';

export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : `${APP_NAME} — Professional mediation, matched`;
  }, [title]);
}
