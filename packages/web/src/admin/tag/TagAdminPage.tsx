import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCAL_OJ, PROBLEM_LIMITS, REMOTE_OJS } from '@verdict/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  ColorPicker,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createClassification,
  createTag,
  deleteClassification,
  deleteTag,
  getAllTags,
  getClassifications,
  updateClassification,
  updateTag,
  type ClassificationRow,
  type TagRow,
} from '../../api/admin-problem';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useSession } from '../../store/session';
import { mayManageTags } from '../problem/permissions';
import '../problem/admin-problem.css';
import { CrudDialog } from '../common/CrudDialog';
import type { CrudTexts } from '../common/crud-texts';
import { CrudPageHead } from '../common/CrudPageHead';
import { actionsColumn } from '../common/CrudRowActions';
import { useCrudEditor } from '../common/use-crud-editor';
import { validateClassification, validateTag, type ClassificationDraft, type TagDraft } from './tag-form';

const NO_CLASSIFICATION = -1;

/**
 * /admin/problem/tag (spec part 2 §2.7, reference §3.12): the tag classifications with their rank
 * and the tags (name, colour, classification) of one judge's namespace — listed, created, edited
 * and deleted.
 */
export function TagAdminPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const allowed = mayManageTags(userInfo);
  const [oj, setOj] = useState<string>(LOCAL_OJ);
  const [filter, setFilter] = useState<number | undefined>(undefined);
  const [keyword, setKeyword] = useState('');
  const texts: CrudTexts = {
    save: t('adminProblem.common.save'),
    cancel: t('adminProblem.common.cancel'),
    edit: t('adminProblem.common.edit'),
    delete: t('adminProblem.common.delete'),
    refresh: t('adminProblem.common.refresh'),
    created: t('adminProblem.common.created'),
    updated: t('adminProblem.common.updated'),
    deleted: t('adminProblem.common.deleted'),
    saveFailed: t('adminProblem.form.saveFailed'),
  };

  const tags = useQuery({ queryKey: ['admin-problem', 'tags', oj], queryFn: () => getAllTags(oj) });
  const classifications = useQuery({
    queryKey: ['admin-problem', 'classifications', oj],
    queryFn: () => getClassifications(oj),
    enabled: allowed,
  });
  const classificationName = new Map((classifications.data ?? []).map((c) => [c.id, c.name]));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-problem'] });
  const tagEditor = useCrudEditor<TagDraft>(texts, refresh);
  const classEditor = useCrudEditor<ClassificationDraft>(texts, refresh);

  const tagErrors = tagEditor.draft ? validateTag(tagEditor.draft) : {};
  const classErrors = classEditor.draft ? validateClassification(classEditor.draft) : {};
  const saveTag = () =>
    void tagEditor.save(
      Object.keys(tagErrors).length > 0,
      (d) => {
        const body = { id: d.id, name: d.name.trim(), color: d.color || null, oj, tcid: d.tcid ?? null };
        return d.id ? updateTag(body) : createTag(body);
      },
      !tagEditor.draft?.id,
    );
  const saveClassification = () =>
    void classEditor.save(
      Object.keys(classErrors).length > 0,
      (d) => {
        const body = { id: d.id, name: d.name.trim(), oj, rank: d.rank };
        return d.id ? updateClassification(body) : createClassification(body);
      },
      !classEditor.draft?.id,
    );
  const errorText = (key: string | undefined, params?: Record<string, number>) =>
    key
      ? t(`adminProblem.tag.${key as 'nameRequired' | 'nameTooLong' | 'rankRange'}`, params ?? {})
      : undefined;

  const visibleTags = (tags.data ?? []).filter(
    (tag) =>
      (filter === undefined || (filter === NO_CLASSIFICATION ? tag.tcid === null : tag.tcid === filter)) &&
      (keyword.trim() === '' || tag.name.toLowerCase().includes(keyword.trim().toLowerCase())),
  );

  const classColumns: TableColumnsType<ClassificationRow> = [
    { title: t('adminProblem.tag.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('adminProblem.tag.rank'),
      dataIndex: 'rank',
      width: 90,
      render: (rank: number | null) => rank ?? '—',
    },
    actionsColumn<ClassificationRow>(t('adminProblem.common.actions'), texts, (row) => ({
      name: row.name,
      confirmDelete: t('adminProblem.tag.deleteClassificationConfirm', { name: row.name }),
      onEdit: () => classEditor.open({ id: row.id, name: row.name, rank: row.rank }),
      onDelete: () => classEditor.remove(() => deleteClassification(row.id)),
    })),
  ];

  const tagColumns: TableColumnsType<TagRow> = [
    {
      title: t('adminProblem.tag.name'),
      dataIndex: 'name',
      render: (name: string, row) => <Tag color={row.color ?? undefined}>{name}</Tag>,
    },
    {
      title: t('adminProblem.tag.color'),
      dataIndex: 'color',
      width: 110,
      responsive: ['sm'],
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
    {
      title: t('adminProblem.tag.classification'),
      dataIndex: 'tcid',
      ellipsis: true,
      render: (tcid: number | null) =>
        tcid !== null && classificationName.has(tcid) ? (
          classificationName.get(tcid)
        ) : (
          <Typography.Text type="secondary">{t('adminProblem.tag.unclassified')}</Typography.Text>
        ),
    },
    actionsColumn<TagRow>(t('adminProblem.common.actions'), texts, (row) => ({
      name: row.name,
      confirmDelete: t('adminProblem.tag.deleteTagConfirm', { name: row.name }),
      onEdit: () => tagEditor.open({ id: row.id, name: row.name, color: row.color ?? '', tcid: row.tcid }),
      onDelete: () => tagEditor.remove(() => deleteTag(row.id)),
    })),
  ];

  if (!allowed) {
    return <Alert type="warning" showIcon title={t('adminProblem.tag.needsRole')} />;
  }

  return (
    <div className="ap-page">
      <CrudPageHead
        title={t('title.adminProblemTag')}
        refreshLabel={texts.refresh}
        fetching={tags.isFetching || classifications.isFetching}
        onRefresh={() => void refresh()}
      >
        <Select<string>
          aria-label={t('adminProblem.tag.oj')}
          value={oj}
          onChange={(value) => {
            setOj(value);
            setFilter(undefined);
          }}
          options={[
            { value: LOCAL_OJ, label: t('adminProblem.tag.ojLocal') },
            ...REMOTE_OJS.map((name) => ({ value: name, label: name })),
          ]}
          style={{ width: 150 }}
        />
      </CrudPageHead>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card
            title={t('adminProblem.tag.classifications')}
            extra={
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => classEditor.open({ id: null, name: '', rank: null })}
              >
                {t('adminProblem.tag.createClassification')}
              </Button>
            }
          >
            <Table<ClassificationRow>
              rowKey="id"
              size="small"
              columns={classColumns}
              dataSource={classifications.data ?? []}
              loading={classifications.isFetching}
              pagination={false}
              locale={{ emptyText: t('adminProblem.tag.noClassifications') }}
            />
          </Card>
        </Col>
        <Col xs={24} lg={15}>
          <Card
            title={
              <span>
                {t('adminProblem.tag.tags')}{' '}
                <Typography.Text type="secondary" className="ap-card-count">
                  {t('adminProblem.tag.tagCount', { count: visibleTags.length })}
                </Typography.Text>
              </span>
            }
            extra={
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                onClick={() =>
                  tagEditor.open({
                    id: null,
                    name: '',
                    color: '',
                    tcid: filter && filter > 0 ? filter : null,
                  })
                }
              >
                {t('adminProblem.tag.createTag')}
              </Button>
            }
          >
            <div className="ap-toolbar">
              <Input.Search
                className="ap-search"
                allowClear
                value={keyword}
                onChange={(event) => setKeyword(event.target.value)}
                placeholder={t('adminProblem.tag.searchTag')}
                aria-label={t('adminProblem.tag.searchTag')}
              />
              <Select<number>
                allowClear
                className="ap-auth-filter"
                aria-label={t('adminProblem.tag.filterByClassification')}
                placeholder={t('adminProblem.tag.allClassifications')}
                value={filter}
                onChange={setFilter}
                options={[
                  ...(classifications.data ?? []).map((c) => ({ value: c.id, label: c.name })),
                  { value: NO_CLASSIFICATION, label: t('adminProblem.tag.unclassified') },
                ]}
              />
            </div>
            <Table<TagRow>
              rowKey="id"
              size="small"
              columns={tagColumns}
              dataSource={visibleTags}
              loading={tags.isFetching}
              pagination={
                visibleTags.length > 20 ? { pageSize: 20, simple: isMobile, showSizeChanger: false } : false
              }
              locale={{ emptyText: t('adminProblem.tag.noTags') }}
            />
          </Card>
        </Col>
      </Row>

      <CrudDialog<TagDraft>
        editor={tagEditor}
        texts={texts}
        title={tagEditor.draft?.id ? t('adminProblem.tag.editTag') : t('adminProblem.tag.createTag')}
        onSave={saveTag}
      >
        {(tagDraft) => (
          <>
            <Form.Item
              label={t('adminProblem.tag.name')}
              htmlFor="ap-tag-name"
              required
              validateStatus={tagEditor.tried && tagErrors.name ? 'error' : undefined}
              help={
                tagEditor.tried ? errorText(tagErrors.name, { max: PROBLEM_LIMITS.tagNameMax }) : undefined
              }
            >
              <Input
                id="ap-tag-name"
                value={tagDraft.name}
                maxLength={PROBLEM_LIMITS.tagNameMax}
                onChange={(event) => tagEditor.setDraft({ ...tagDraft, name: event.target.value })}
                onPressEnter={saveTag}
              />
            </Form.Item>
            <Form.Item label={t('adminProblem.tag.color')}>
              <Space>
                <ColorPicker
                  value={tagDraft.color || undefined}
                  allowClear
                  disabledAlpha
                  presets={[
                    {
                      label: t('adminProblem.tag.color'),
                      colors: [
                        '#f5222d',
                        '#fa8c16',
                        '#fadb14',
                        '#52c41a',
                        '#13c2c2',
                        '#1677ff',
                        '#722ed1',
                        '#eb2f96',
                        '#8c8c8c',
                      ],
                    },
                  ]}
                  onChange={(color) =>
                    tagEditor.setDraft({ ...tagDraft, color: color.cleared ? '' : color.toHexString() })
                  }
                  onClear={() => tagEditor.setDraft({ ...tagDraft, color: '' })}
                  showText
                />
                {tagDraft.name.trim() !== '' && (
                  <Tag color={tagDraft.color || undefined}>{tagDraft.name}</Tag>
                )}
              </Space>
            </Form.Item>
            <Form.Item label={t('adminProblem.tag.classification')} htmlFor="ap-tag-class">
              <Select<number>
                id="ap-tag-class"
                allowClear
                placeholder={t('adminProblem.tag.unclassified')}
                value={tagDraft.tcid ?? undefined}
                onChange={(tcid) => tagEditor.setDraft({ ...tagDraft, tcid: tcid ?? null })}
                options={(classifications.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
          </>
        )}
      </CrudDialog>

      <CrudDialog<ClassificationDraft>
        editor={classEditor}
        texts={texts}
        title={
          classEditor.draft?.id
            ? t('adminProblem.tag.editClassification')
            : t('adminProblem.tag.createClassification')
        }
        onSave={saveClassification}
      >
        {(classDraft) => (
          <>
            <Form.Item
              label={t('adminProblem.tag.name')}
              htmlFor="ap-class-name"
              required
              validateStatus={classEditor.tried && classErrors.name ? 'error' : undefined}
              help={
                classEditor.tried
                  ? errorText(classErrors.name, { max: PROBLEM_LIMITS.tagNameMax })
                  : undefined
              }
            >
              <Input
                id="ap-class-name"
                value={classDraft.name}
                maxLength={PROBLEM_LIMITS.tagNameMax}
                onChange={(event) => classEditor.setDraft({ ...classDraft, name: event.target.value })}
                onPressEnter={saveClassification}
              />
            </Form.Item>
            <Form.Item
              label={t('adminProblem.tag.rank')}
              htmlFor="ap-class-rank"
              extra={classErrors.rank && classEditor.tried ? undefined : t('adminProblem.tag.rankHelp')}
              validateStatus={classEditor.tried && classErrors.rank ? 'error' : undefined}
              help={classEditor.tried ? errorText(classErrors.rank) : undefined}
            >
              <InputNumber
                id="ap-class-rank"
                min={0}
                max={PROBLEM_LIMITS.classificationRankMax}
                precision={0}
                value={classDraft.rank}
                onChange={(rank) => classEditor.setDraft({ ...classDraft, rank })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </>
        )}
      </CrudDialog>
    </div>
  );
}
