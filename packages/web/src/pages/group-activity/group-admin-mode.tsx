import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Space, Switch, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Page } from '../../api/http';
import type { RowTexts } from '../../admin/common/CrudRowActions';
import { useCrudList } from '../../admin/common/use-crud-list';
import { useRowAction } from '../../admin/common/use-row-action';
import { useSession } from '../../store/session';
import { canChangeGroupContent, type GroupContentAuthor, type GroupViewer } from '../group/group-rules';

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

/**
 * One admin list of a group's trainings or contests: its rows (useCrudList) and row actions
 * (useRowAction); per row, why the viewer may not change it (`locked`, reference §7.12: its
 * author, the group's root and site root may; undefined when they may); and its visible column,
 * a switch saved at once, disabled with that reason.
 */
export function useGroupAdminList<Row extends { id: number; title: string | null }>(
  key: readonly unknown[],
  fetchPage: (currentPage: number, limit: number) => Promise<Page<Row>>,
  pageSize: number,
  viewer: GroupViewer,
  authorOf: (row: Row) => GroupContentAuthor,
) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const list = useCrudList<Row>(key, fetchPage, pageSize);
  const { busy, act } = useRowAction(list.refresh);
  const locked = (row: Row) =>
    canChangeGroupContent(viewer, userInfo, authorOf(row)) ? undefined : t('group.notYours');
  const visibleColumn = (
    visible: (row: Row) => boolean,
    save: (row: Row, visible: boolean) => Promise<unknown>,
  ): TableColumnsType<Row>[number] => ({
    key: 'visible',
    title: t('groupActivity.common.visible'),
    width: 80,
    render: (_: unknown, row: Row) => (
      <Switch
        size="small"
        checked={visible(row)}
        loading={busy === `visible-${row.id}`}
        disabled={!!locked(row)}
        title={locked(row)}
        aria-label={`${t('groupActivity.common.visible')} ${row.title ?? ''}`}
        onChange={(next) =>
          void act(`visible-${row.id}`, () => save(row, next), t('groupActivity.common.updated'))
        }
      />
    ),
  });
  return { list, busy, act, locked, visibleColumn };
}
