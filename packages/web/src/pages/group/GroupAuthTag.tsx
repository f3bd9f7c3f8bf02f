import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = { 1: 'green', 2: 'orange', 3: 'red' };

/** A group's auth as a coloured tag (Public green, Protected orange, Private red), its rule on hover. */
export function GroupAuthTag({ auth }: { auth: number }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(`group.authTips.${auth}`)}>
      <Tag color={COLORS[auth] ?? 'default'} data-testid="group-auth-tag">
        {t(`group.auth.${auth}`)}
      </Tag>
    </Tooltip>
  );
}
