import { Alert, ColorPicker, Form, Input, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  createTrainingCategory,
  deleteTrainingCategory,
  updateTrainingCategory,
} from '../../api/admin-training';
import { getTrainingCategories, type TrainingCategory } from '../../api/training';
import { TrainingCategoryTag } from '../../pages/training/TrainingTags';
import { useSession } from '../../store/session';
import { CrudDialog } from '../common/CrudDialog';
import { CrudPageHead } from '../common/CrudPageHead';
import { actionsColumn } from '../common/CrudRowActions';
import { CrudTable } from '../common/CrudTable';
import type { CrudTexts } from '../common/crud-texts';
import { useCrudEditor } from '../common/use-crud-editor';
import { useCrudList } from '../common/use-crud-list';
import { mayManageCategories } from './permissions';
import { TRAINING_LIMITS, validateCategory, type CategoryDraft } from './training-form';
import { useTrainingText } from './use-training-text';
import '../problem/admin-problem.css';

const PRESETS = [
  '#f5222d',
  '#fa8c16',
  '#fadb14',
  '#52c41a',
  '#13c2c2',
  '#1677ff',
  '#722ed1',
  '#eb2f96',
  '#8c8c8c',
];

/**
 * /admin/training/category (spec part 2 §2.7, reference §3.12 "Trainings"): the site's training
 * categories with their colour, created, edited and deleted in a dialog (root and problem admins).
 */
export function TrainingCategoryPage() {
  const { t } = useTranslation();
  const text = useTrainingText();
  const { userInfo } = useSession();
  const allowed = mayManageCategories(userInfo);
  const texts: CrudTexts = {
    save: t('adminTraining.common.save'),
    cancel: t('adminTraining.common.cancel'),
    edit: t('adminTraining.common.edit'),
    delete: t('adminTraining.common.delete'),
    refresh: t('adminTraining.common.refresh'),
    created: t('adminTraining.common.created'),
    updated: t('adminTraining.common.updated'),
    deleted: t('adminTraining.common.deleted'),
    saveFailed: t('adminTraining.common.saveFailed'),
  };
  // the categories are few and come in one answer (reference §3.5 get-training-category)
  const list = useCrudList<TrainingCategory>(
    ['training-categories'],
    async () => {
      const records = await getTrainingCategories();
      return { records, total: records.length };
    },
    1000,
  );
  const editor = useCrudEditor<CategoryDraft>(texts, list.refresh);
  const errors = editor.draft ? validateCategory(editor.draft) : {};
  const save = () =>
    void editor.save(
      Object.keys(errors).length > 0,
      (d) => {
        const body = { name: d.name.trim(), color: d.color };
        return d.id ? updateTrainingCategory({ id: d.id, ...body }) : createTrainingCategory(body);
      },
      !editor.draft?.id,
    );

  const columns: TableColumnsType<TrainingCategory> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    {
      title: t('adminTraining.category.name'),
      dataIndex: 'name',
      render: (_, row) => <TrainingCategoryTag name={row.name} color={row.color} />,
    },
    {
      title: t('adminTraining.category.color'),
      dataIndex: 'color',
      width: 130,
      render: (color: string | null) =>
        color ? (
          <span className="ap-color">
            <span className="ap-color-dot" style={{ background: color }} />
            {color}
          </span>
        ) : (
          '—'
        ),
    },
    actionsColumn<TrainingCategory>(t('adminTraining.common.actions'), texts, (row) => ({
      name: row.name ?? '',
      confirmDelete: t('adminTraining.category.deleteConfirm', { name: row.name ?? '' }),
      onEdit: () => editor.open({ id: row.id, name: row.name ?? '', color: row.color ?? '' }),
      onDelete: () => editor.remove(() => deleteTrainingCategory(row.id)),
    })),
  ];

  if (!allowed) return <Alert type="warning" showIcon title={t('adminTraining.category.needsRole')} />;

  return (
    <div className="ap-page">
      <CrudPageHead
        title={t('title.adminTrainingCategory')}
        refreshLabel={texts.refresh}
        fetching={list.fetching}
        onRefresh={() => void list.refresh()}
        create={{
          label: t('adminTraining.category.create'),
          onClick: () => editor.open({ id: null, name: '', color: PRESETS[5]! }),
        }}
      />
      <CrudTable<TrainingCategory>
        list={list}
        columns={columns}
        emptyText={t('adminTraining.category.empty')}
        scrollX={480}
      />
      <CrudDialog<CategoryDraft>
        editor={editor}
        texts={texts}
        title={editor.draft?.id ? t('adminTraining.category.edit') : t('adminTraining.category.create')}
        onSave={save}
      >
        {(draft) => (
          <>
            <Form.Item
              label={t('adminTraining.category.name')}
              htmlFor="atr-category-name"
              required
              validateStatus={editor.tried && errors.name ? 'error' : undefined}
              help={editor.tried && errors.name ? text(errors.name) : undefined}
            >
              <Input
                id="atr-category-name"
                value={draft.name}
                maxLength={TRAINING_LIMITS.categoryNameMax}
                onChange={(event) => editor.setDraft({ ...draft, name: event.target.value })}
                onPressEnter={save}
              />
            </Form.Item>
            <Form.Item
              label={t('adminTraining.category.color')}
              required
              validateStatus={editor.tried && errors.color ? 'error' : undefined}
              help={editor.tried && errors.color ? text(errors.color) : undefined}
            >
              <Space wrap>
                <ColorPicker
                  value={draft.color || undefined}
                  disabledAlpha
                  presets={[{ label: t('adminTraining.category.color'), colors: PRESETS }]}
                  onChange={(color) => editor.setDraft({ ...draft, color: color.toHexString() })}
                  showText
                />
                {draft.name.trim() !== '' && (
                  <span aria-label={t('adminTraining.category.preview')}>
                    <TrainingCategoryTag name={draft.name} color={draft.color || null} />
                  </span>
                )}
              </Space>
            </Form.Item>
          </>
        )}
      </CrudDialog>
    </div>
  );
}
