import { useQuery } from '@tanstack/react-query';
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getImportProgress } from '../../api/admin-user';

/** How often the import screen asks how far the server has got. */
export const IMPORT_POLL_MS = 1000;

/**
 * A fresh import id (Verdict's `importId` of insert-batch-user). crypto.randomUUID needs a secure
 * context, and Verdict is often served over plain HTTP on a LAN; getRandomValues works everywhere.
 */
export function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `import-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The bar shown while an import runs: "n / total" passwords hashed, polled from
 * `/api/admin/user/import-progress` until the import request itself answers.
 */
export function UserImportProgress({ importId, total }: { importId: string; total: number }) {
  const { t } = useTranslation();
  const progress = useQuery({
    queryKey: ['admin-user', 'import-progress', importId],
    queryFn: () => getImportProgress(importId),
    refetchInterval: IMPORT_POLL_MS,
    refetchIntervalInBackground: true,
  });
  const done = progress.data?.done ?? 0;
  const count = progress.data?.total ?? total;
  const state = progress.data?.state ?? 'checking';
  return (
    <div data-testid="import-progress" role="status">
      <Typography.Text>
        {t(`adminUser.importProgress.${state}`)}{' '}
        <span data-testid="import-progress-count">
          {t('adminUser.importProgress.count', { done, total: count })}
        </span>
      </Typography.Text>
      <Progress
        percent={count === 0 ? 0 : Math.floor((done / count) * 100)}
        status={state === 'failed' ? 'exception' : state === 'done' ? 'success' : 'active'}
        aria-label={t('adminUser.importProgress.label')}
      />
    </div>
  );
}
