import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainingAuth } from '../../api/training';

/** A training's auth, Public or Private, with what it means (spec part 2 §2.1). */
export function TrainingAuthTag({ auth: value }: { auth: string }) {
  const { t } = useTranslation();
  const auth: TrainingAuth = value === 'Private' ? 'Private' : 'Public';
  return (
    <Tooltip title={t(`training.authTips.${auth}`)}>
      <Tag
        className="training-auth-tag"
        color={auth === 'Private' ? 'red' : 'green'}
        icon={auth === 'Private' ? <LockOutlined /> : <UnlockOutlined />}
      >
        {t(`training.auth.${auth}`)}
      </Tag>
    </Tooltip>
  );
}

/** A training's category on its colour (spec part 2 §2.1). */
export function TrainingCategoryTag({ name, color }: { name: string | null; color: string | null }) {
  if (!name) return <span className="training-muted">—</span>;
  return (
    <Tag className="training-category-tag" color={color ?? undefined}>
      {name}
    </Tag>
  );
}
