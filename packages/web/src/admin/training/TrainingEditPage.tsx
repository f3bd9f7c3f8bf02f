import { useQuery } from '@tanstack/react-query';
import type { AdminTrainingDto, AdminTrainingInput } from '@verdict/shared';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Radio, Result, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { createTraining, getAdminTraining, updateTraining } from '../../api/admin-training';
import { ApiError } from '../../api/http';
import { getTrainingCategories } from '../../api/training';
import { PageLoading } from '../../components/PageLoading';
import { toast } from '../../feedback/toast';
import { TrainingCategoryTag } from '../../pages/training/TrainingTags';
import { useSession } from '../../store/session';
import { EditorPageHead } from '../common/editor/EditorPageHead';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { useEditorForm } from '../common/editor/use-editor-form';
import { useRouteId } from '../common/editor/use-route-id';
import { FormSaveFooter } from '../common/FormSaveFooter';
import { MarkdownField } from '../problem/components/MarkdownField';
import { trainingPaths } from './paths';
import {
  defaultTrainingForm,
  formFromTraining,
  toTrainingBody,
  TRAINING_LIMITS,
  validateTrainingForm,
  type TrainingField,
  type TrainingFormState,
} from './training-form';
import { useTrainingText } from './use-training-text';
import '../problem/admin-problem.css';

/**
 * Whose trainings the form edits: where it loads from and saves to, the list it comes from and
 * the category page it sends to when there is no category. The site's by default; a group's
 * trainings (issue 27) give their own.
 */
export interface TrainingEditTarget {
  listPath: string;
  /** the queries a save makes stale (the list's) */
  staleKey: readonly unknown[];
  categoryPath: string;
  load: (tid: number) => Promise<AdminTrainingDto>;
  create: (body: AdminTrainingInput) => Promise<unknown>;
  update: (body: AdminTrainingInput) => Promise<unknown>;
}

const SITE_TARGET: TrainingEditTarget = {
  listPath: trainingPaths.list,
  staleKey: ['admin-training'],
  categoryPath: trainingPaths.category,
  load: getAdminTraining,
  create: createTraining,
  update: updateTraining,
};

/** /admin/training/create and /admin/training/:trainingId/edit (spec part 2 §2.7); remounted per path. */
export function TrainingEditPage() {
  const { pathname } = useLocation();
  return <TrainingEditor key={pathname} />;
}

export const trainingCategoriesKey = ['training-categories'] as const;

/**
 * The training form (spec part 2 §7, reference §3.12 "Trainings"): title, description (markdown),
 * auth Public or Private with its password, category, rank, visible and author. With no category
 * yet, it says so and leads to the category page (spec part 2 §2.1).
 */
export function TrainingEditor({
  target = SITE_TARGET,
  editId,
}: {
  target?: TrainingEditTarget;
  /** the training to edit (null: a new one) when the page names it elsewhere than its path */
  editId?: number | null;
}) {
  const { t } = useTranslation();
  const text = useTrainingText();
  const { userInfo } = useSession();
  const routeId = useRouteId('trainingId');
  const {
    editing,
    id: tid,
    valid: validTid,
  } = editId === undefined ? routeId : { editing: editId !== null, id: editId, valid: true };

  const saved = useQuery({
    queryKey: ['admin-training', 'detail', tid],
    queryFn: () => target.load(tid!),
    enabled: editing && validTid,
    staleTime: 0,
    gcTime: 0,
  });
  const categories = useQuery({
    queryKey: trainingCategoriesKey,
    queryFn: getTrainingCategories,
    staleTime: 0,
  });

  const { form, start, update, submitted, saving, saveError, save } = useEditorForm<TrainingFormState>();
  if (form === null && (!editing || saved.data)) {
    start(saved.data ? formFromTraining(saved.data) : defaultTrainingForm(userInfo?.username ?? ''));
  }

  const back = t('adminTraining.common.back');
  if (!validTid) return <NotFoundResult backTo={target.listPath} backLabel={back} />;
  if (editing && saved.isError) {
    return (
      <Result
        status="warning"
        title={t('adminTraining.form.loadFailed')}
        subTitle={saved.error instanceof ApiError ? saved.error.message : undefined}
        extra={<Link to={target.listPath}>{back}</Link>}
      />
    );
  }
  if (!form) return <PageLoading />;

  const errors = submitted ? validateTrainingForm(form) : {};
  const errorProps = (field: TrainingField) => {
    const key = errors[field];
    return key ? { validateStatus: 'error' as const, help: text(key) } : {};
  };
  const noCategory = categories.isSuccess && categories.data.length === 0;

  const write = async () => {
    const body = toTrainingBody(form);
    if (form.id !== null) {
      await target.update(body);
      toast.success(t('adminTraining.common.updated'));
    } else {
      await target.create(body);
      toast.success(t('adminTraining.common.created'));
    }
  };
  const onSave = () =>
    void save({
      errors: Object.values(validateTrainingForm(form)).map((key) => text(key)),
      write,
      staleKey: target.staleKey,
      listPath: target.listPath,
      failText: t('adminTraining.common.saveFailed'),
    });

  return (
    <div className="ap-page">
      <EditorPageHead
        title={
          form.id !== null
            ? t('adminTraining.form.editTitle', { id: form.id })
            : t('adminTraining.form.createTitle')
        }
        backTo={target.listPath}
        backLabel={back}
      />
      {noCategory && (
        <Alert
          className="ap-alert"
          type="warning"
          showIcon
          title={t('adminTraining.form.noCategory')}
          action={
            <Link to={target.categoryPath}>
              <Button size="small" type="primary">
                {t('adminTraining.form.goToCategories')}
              </Button>
            </Link>
          }
        />
      )}
      <Form layout="vertical" component="div" className="atr-form">
        <Card>
          <Form.Item
            label={t('adminTraining.form.title')}
            htmlFor="atr-title"
            required
            {...errorProps('title')}
          >
            <Input
              id="atr-title"
              value={form.title}
              maxLength={TRAINING_LIMITS.titleMax}
              showCount
              onChange={(event) => update({ title: event.target.value })}
            />
          </Form.Item>
          <Form.Item required {...errorProps('description')}>
            <MarkdownField
              label={t('adminTraining.form.description')}
              value={form.description}
              onChange={(description) => update({ description })}
              rows={6}
            />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label={t('adminTraining.form.auth')}>
                <Radio.Group
                  aria-label={t('adminTraining.form.auth')}
                  optionType="button"
                  buttonStyle="solid"
                  value={form.auth}
                  onChange={(event) => update({ auth: event.target.value as 'Public' | 'Private' })}
                  options={[
                    { value: 'Public', label: t('training.auth.Public') },
                    { value: 'Private', label: t('training.auth.Private') },
                  ]}
                />
              </Form.Item>
            </Col>
            {form.auth === 'Private' && (
              <Col xs={24} md={16}>
                <Form.Item
                  label={t('adminTraining.form.password')}
                  htmlFor="atr-password"
                  required
                  extra={errors.privatePwd ? undefined : t('adminTraining.form.passwordHelp')}
                  {...errorProps('privatePwd')}
                >
                  <Input
                    id="atr-password"
                    value={form.privatePwd}
                    maxLength={255}
                    autoComplete="off"
                    onChange={(event) => update({ privatePwd: event.target.value })}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('adminTraining.form.category')}
                htmlFor="atr-category"
                required
                {...errorProps('categoryId')}
              >
                <Select<number>
                  id="atr-category"
                  aria-label={t('adminTraining.form.category')}
                  value={form.categoryId ?? undefined}
                  loading={categories.isPending}
                  onChange={(categoryId) => update({ categoryId })}
                  options={(categories.data ?? []).map((c) => ({
                    value: c.id,
                    title: c.name ?? undefined,
                    label: <TrainingCategoryTag name={c.name} color={c.color} />,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('adminTraining.form.rank')}
                htmlFor="atr-rank"
                required
                extra={errors.rank ? undefined : t('adminTraining.form.rankHelp')}
                {...errorProps('rank')}
              >
                <InputNumber
                  id="atr-rank"
                  min={0}
                  max={TRAINING_LIMITS.rankMax}
                  precision={0}
                  value={form.rank}
                  onChange={(rank) => update({ rank })}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('adminTraining.form.author')}
                htmlFor="atr-author"
                extra={t('adminTraining.form.authorHelp')}
              >
                <Input id="atr-author" value={form.author} disabled />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('adminTraining.form.visible')} htmlFor="atr-visible">
            <Switch id="atr-visible" checked={form.status} onChange={(status) => update({ status })} />
          </Form.Item>
        </Card>
      </Form>
      <FormSaveFooter
        errors={Object.values(errors).map((key) => text(key))}
        saveError={saveError}
        saving={saving}
        onSave={onSave}
        cancelTo={target.listPath}
        texts={{
          fixErrors: t('adminTraining.form.fixErrors'),
          saveFailed: t('adminTraining.common.saveFailed'),
          save: t('adminTraining.common.save'),
          saving: t('adminTraining.common.saving'),
          cancel: t('adminTraining.common.cancel'),
        }}
      />
    </div>
  );
}
