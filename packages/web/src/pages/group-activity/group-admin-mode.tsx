import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { RowTexts } from '../../admin/common/CrudRowActions';

/**
 * The admin mode of a group's trainings or contests tab (spec part 2 §2.1, §2.2: the admin toggle,
 * back buttons, create), kept in the query so that Back and a reload keep it: `admin=<view>` and
 * the item's id under `idParam`. Only group admins (`allowed`) are ever in it.
 */
export function useGroupAdminMode<View extends string>(
  views: readonly View[],
  allowed: boolean,
  idParam: string,
) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('admin');
  const view = allowed && raw !== null && (views as readonly string[]).includes(raw) ? (raw as View) : null;
  const go = (next: View | null, id?: number) =>
    setParams(next ? { admin: next, ...(id ? { [idParam]: String(id) } : {}) } : {});
  return { view, id: Number(params.get(idParam)), go };
}

/**
 * The admin mode's buttons: into the admin list (`adminLabel`), or back (from a form or a sub-list
 * to the admin list, from the admin list to the members' list), and Create.
 */
export function GroupAdminButtons({
  view,
  adminLabel,
  go,
}: {
  view: string | null;
  adminLabel: string;
  go: (next: 'list' | 'create' | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space wrap>
      {view !== null ? (
        <Button onClick={() => go(view === 'list' ? null : 'list')}>
          {t(view === 'list' ? 'groupActivity.common.backToList' : 'groupActivity.common.back')}
        </Button>
      ) : (
        <Button icon={<SettingOutlined />} onClick={() => go('list')}>
          {adminLabel}
        </Button>
      )}
      {view !== 'create' ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => go('create')}>
          {t('groupActivity.common.create')}
        </Button>
      ) : null}
    </Space>
  );
}

/** The words of a group admin table's row actions (CrudRowActions). */
export const groupRowTexts = (t: TFunction): RowTexts => ({
  edit: t('groupActivity.common.edit'),
  delete: t('groupActivity.common.delete'),
  cancel: t('groupActivity.common.cancel'),
});
