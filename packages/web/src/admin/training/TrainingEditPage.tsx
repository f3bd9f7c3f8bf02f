import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Radio,
  Result,
  Row,
  Select,
  Switch,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { createTraining, getAdminTraining, updateTraining } from '../../api/admin-training';
import { ApiError } from '../../api/http';
import { getTrainingCategories } from '../../api/training';
import { PageLoading } from '../../components/PageLoading';
import { toast } from '../../feedback/toast';
import { TrainingCategoryTag } from '../../pages/training/TrainingTags';
import { useSession } from '../../store/session';
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
function TrainingEditor() {
  const { t } = useTranslation();
  const text = useTrainingText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { userInfo } = useSession();
  const { trainingId } = useParams();
  const editing = trainingId !== undefined;
  const tid = editing ? Number(trainingId) : null;
  const validTid = tid === null || (Number.isInteger(tid) && tid > 0);

  const saved = useQuery({
    queryKey: ['admin-training', 'detail', tid],
    queryFn: () => getAdminTraining(tid!),
    enabled: editing && validTid,
    staleTime: 0,
    gcTime: 0,
  });
  const categories = useQuery({
    queryKey: trainingCategoriesKey,
    queryFn: getTrainingCategories,
    staleTime: 0,
  });

  const [form, setForm] = useState<TrainingFormState | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  if (form === null && (!editing || saved.data)) {
    setForm(saved.data ? formFromTraining(saved.data) : defaultTrainingForm(userInfo?.username ?? ''));
  }

  const update = (change: Partial<TrainingFormState>) => {
    setForm((current) => (current ? { ...current, ...change } : current));
    setSaveError(null);
  };

  if (!validTid) {
    return (
      <Result
        status="404"
        title={t('errors.notFound')}
        extra={<Link to={trainingPaths.list}>{t('adminTraining.common.back')}</Link>}
      />
    );
  }
  if (editing && saved.isError) {
    return (
      <Result
        status="warning"
        title={t('adminTraining.form.loadFailed')}
        subTitle={saved.error instanceof ApiError ? saved.error.message : undefined}
        extra={<Link to={trainingPaths.list}>{t('adminTraining.common.back')}</Link>}
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

  const save = async () => {
    setSubmitted(true);
    const first = Object.values(validateTrainingForm(form))[0];
    if (first) {
      toast.error(text(first));
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const body = toTrainingBody(form);
      if (form.id !== null) {
        await updateTraining(body);
        toast.success(t('adminTraining.common.updated'));
      } else {
        await createTraining(body);
        toast.success(t('adminTraining.common.created'));
      }
      await queryClient.invalidateQueries({ queryKey: ['admin-training'] });
      void navigate(trainingPaths.list);
    } catch (error) {
      setSaveError(
        error instanceof ApiError && error.message ? error.message : t('adminTraining.common.saveFailed'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ap-page">
      <div className="ap-page-head">
        <Typography.Title level={3} className="ap-page-title">
          {form.id !== null
            ? t('adminTraining.form.editTitle', { id: form.id })
            : t('adminTraining.form.createTitle')}
        </Typography.Title>
        <Link to={trainingPaths.list}>
          <Button icon={<ArrowLeftOutlined />}>{t('adminTraining.common.back')}</Button>
        </Link>
      </div>
      {noCategory && (
        <Alert
          className="ap-alert"
          type="warning"
          showIcon
          title={t('adminTraining.form.noCategory')}
          action={
            <Link to={trainingPaths.category}>
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
        onSave={() => void save()}
        cancelTo={trainingPaths.list}
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
