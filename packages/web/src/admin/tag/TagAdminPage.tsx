import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
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
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
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
import { ApiError } from '../../api/http';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useSession } from '../../store/session';
import { mayManageTags } from '../problem/permissions';
import '../problem/admin-problem.css';
import { validateClassification, validateTag, type ClassificationDraft, type TagDraft } from './tag-form';
import { toast } from '../../feedback/toast';

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
  const [tagDraft, setTagDraft] = useState<TagDraft | null>(null);
  const [classDraft, setClassDraft] = useState<ClassificationDraft | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const tags = useQuery({ queryKey: ['admin-problem', 'tags', oj], queryFn: () => getAllTags(oj) });
  const classifications = useQuery({
    queryKey: ['admin-problem', 'classifications', oj],
    queryFn: () => getClassifications(oj),
    enabled: allowed,
  });
  const classificationName = new Map((classifications.data ?? []).map((c) => [c.id, c.name]));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-problem'] });
  const closeDialogs = () => {
    setTagDraft(null);
    setClassDraft(null);
    setSaveError(null);
    setTried(false);
  };
  const submit = async (action: () => Promise<unknown>, done: string) => {
    setSaving(true);
    setSaveError(null);
    try {
      await action();
      toast.success(done);
      closeDialogs();
      await refresh();
    } catch (error) {
      setSaveError(
        error instanceof ApiError && error.message ? error.message : t('adminProblem.form.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };
  const remove = async (action: () => Promise<unknown>) => {
    try {
      await action();
      toast.success(t('adminProblem.common.deleted'));
      await refresh();
    } catch {
      // the client has shown the server's message
    }
  };

  const tagErrors = tagDraft ? validateTag(tagDraft) : {};
  const classErrors = classDraft ? validateClassification(classDraft) : {};
  const saveTag = () => {
    setTried(true);
    if (!tagDraft || Object.keys(tagErrors).length > 0) return;
    const body = {
      id: tagDraft.id,
      name: tagDraft.name.trim(),
      color: tagDraft.color || null,
      oj,
      tcid: tagDraft.tcid ?? null,
    };
    void submit(
      () => (tagDraft.id ? updateTag(body) : createTag(body)),
      t(tagDraft.id ? 'adminProblem.common.updated' : 'adminProblem.common.created'),
    );
  };
  const saveClassification = () => {
    setTried(true);
    if (!classDraft || Object.keys(classErrors).length > 0) return;
    const body = { id: classDraft.id, name: classDraft.name.trim(), oj, rank: classDraft.rank };
    void submit(
      () => (classDraft.id ? updateClassification(body) : createClassification(body)),
      t(classDraft.id ? 'adminProblem.common.updated' : 'adminProblem.common.created'),
    );
  };
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
    {
      title: t('adminProblem.common.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Space size={2}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('adminProblem.common.edit')} ${row.name}`}
            onClick={() => {
              closeDialogs();
              setClassDraft({ id: row.id, name: row.name, rank: row.rank });
            }}
          />
          <Popconfirm
            title={t('adminProblem.tag.deleteClassificationConfirm', { name: row.name })}
            okText={t('adminProblem.common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('adminProblem.common.cancel')}
            onConfirm={() => remove(() => deleteClassification(row.id))}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('adminProblem.common.delete')} ${row.name}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
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
    {
      title: t('adminProblem.common.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Space size={2}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('adminProblem.common.edit')} ${row.name}`}
            onClick={() => {
              closeDialogs();
              setTagDraft({ id: row.id, name: row.name, color: row.color ?? '', tcid: row.tcid });
            }}
          />
          <Popconfirm
            title={t('adminProblem.tag.deleteTagConfirm', { name: row.name })}
            okText={t('adminProblem.common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('adminProblem.common.cancel')}
            onConfirm={() => remove(() => deleteTag(row.id))}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('adminProblem.common.delete')} ${row.name}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  if (!allowed) {
    return <Alert type="warning" showIcon title={t('adminProblem.tag.needsRole')} />;
  }

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {t('title.adminProblemTag')}
        </Typography.Title>
        <Space wrap>
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
          <Tooltip title={t('adminProblem.common.refresh')}>
            <Button
              icon={<ReloadOutlined spin={tags.isFetching || classifications.isFetching} />}
              aria-label={t('adminProblem.common.refresh')}
              onClick={() => void refresh()}
            />
          </Tooltip>
        </Space>
      </div>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={9}>
          <Card
            title={t('adminProblem.tag.classifications')}
            extra={
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => {
                  closeDialogs();
                  setClassDraft({ id: null, name: '', rank: null });
                }}
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
                onClick={() => {
                  closeDialogs();
                  setTagDraft({ id: null, name: '', color: '', tcid: filter && filter > 0 ? filter : null });
                }}
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

      <Modal
        open={tagDraft !== null}
        title={tagDraft?.id ? t('adminProblem.tag.editTag') : t('adminProblem.tag.createTag')}
        onCancel={closeDialogs}
        onOk={saveTag}
        okText={t('adminProblem.common.save')}
        cancelText={t('adminProblem.common.cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        {tagDraft && (
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('adminProblem.tag.name')}
              htmlFor="ap-tag-name"
              required
              validateStatus={tried && tagErrors.name ? 'error' : undefined}
              help={tried ? errorText(tagErrors.name, { max: PROBLEM_LIMITS.tagNameMax }) : undefined}
            >
              <Input
                id="ap-tag-name"
                value={tagDraft.name}
                maxLength={PROBLEM_LIMITS.tagNameMax}
                onChange={(event) => setTagDraft({ ...tagDraft, name: event.target.value })}
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
                    setTagDraft({ ...tagDraft, color: color.cleared ? '' : color.toHexString() })
                  }
                  onClear={() => setTagDraft({ ...tagDraft, color: '' })}
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
                onChange={(tcid) => setTagDraft({ ...tagDraft, tcid: tcid ?? null })}
                options={(classifications.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
            {saveError && <Alert type="error" showIcon title={saveError} />}
          </Form>
        )}
      </Modal>

      <Modal
        open={classDraft !== null}
        title={
          classDraft?.id
            ? t('adminProblem.tag.editClassification')
            : t('adminProblem.tag.createClassification')
        }
        onCancel={closeDialogs}
        onOk={saveClassification}
        okText={t('adminProblem.common.save')}
        cancelText={t('adminProblem.common.cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        {classDraft && (
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('adminProblem.tag.name')}
              htmlFor="ap-class-name"
              required
              validateStatus={tried && classErrors.name ? 'error' : undefined}
              help={tried ? errorText(classErrors.name, { max: PROBLEM_LIMITS.tagNameMax }) : undefined}
            >
              <Input
                id="ap-class-name"
                value={classDraft.name}
                maxLength={PROBLEM_LIMITS.tagNameMax}
                onChange={(event) => setClassDraft({ ...classDraft, name: event.target.value })}
                onPressEnter={saveClassification}
              />
            </Form.Item>
            <Form.Item
              label={t('adminProblem.tag.rank')}
              htmlFor="ap-class-rank"
              extra={classErrors.rank && tried ? undefined : t('adminProblem.tag.rankHelp')}
              validateStatus={tried && classErrors.rank ? 'error' : undefined}
              help={tried ? errorText(classErrors.rank) : undefined}
            >
              <InputNumber
                id="ap-class-rank"
                min={0}
                max={PROBLEM_LIMITS.classificationRankMax}
                precision={0}
                value={classDraft.rank}
                onChange={(rank) => setClassDraft({ ...classDraft, rank })}
                style={{ width: '100%' }}
              />
            </Form.Item>
            {saveError && <Alert type="error" showIcon title={saveError} />}
          </Form>
        )}
      </Modal>
    </div>
  );
}
