import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { toast } from '../feedback/toast';
import { ChunkLoadError } from './lazy-route';

/** Shown when a page could not load its code or crashed while rendering. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;

  useEffect(() => {
    // Spec part 1 §8: a chunk that fails to load is reported.
    if (chunkFailed) toast.error(t('errors.chunkLoadFailed'));
    else console.error(error);
  }, [chunkFailed, error, t]);

  return (
    <Result
      status={chunkFailed ? 'warning' : 'error'}
      title={chunkFailed ? t('errors.chunkLoadFailed') : t('errors.pageCrashed')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
      }
    />
  );
}
