import { PROBLEM_LIMITS } from '@verdict/shared';
import { Col, Form, Input, InputNumber, Radio, Rate, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '../../../api/admin-problem';
import { changeType, type ProblemAuthValue, type ProblemType } from './problem-form';
import { errorProps, type SectionProps } from './section';
import { TagPicker } from './TagPicker';

/** Id, title, limits, difficulty, type, auth, code share, source and tags (spec part 2 §3). */
export function BasicSection({
  form,
  update,
  errors,
  knownTags,
  tagsLoading,
  mayPublish,
  idPrefix,
}: SectionProps & {
  knownTags: TagRow[];
  tagsLoading: boolean;
  mayPublish: boolean;
  /** a group problem's id starts with its group's short name, which the server prepends */
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const authOptions: { value: ProblemAuthValue; label: string; disabled?: boolean; title?: string }[] = [
    { value: 1, label: t('adminProblem.auth.public'), disabled: !mayPublish && form.auth !== 1 },
    { value: 2, label: t('adminProblem.auth.private') },
    // spec part 2 §4: the contest auth is chosen within a contest only
    {
      value: 3,
      label: t('adminProblem.auth.contest'),
      disabled: form.auth !== 3,
      title: t('adminProblem.auth.contestOnlyHint'),
    },
  ];
  const limit = (field: 'timeLimit' | 'memoryLimit' | 'stackLimit', unit: string, max: number) => (
    <Form.Item
      label={t(`adminProblem.form.${field}`)}
      htmlFor={`ap-${field}`}
      required
      {...errorProps(errors, field)}
    >
      <InputNumber
        id={`ap-${field}`}
        min={1}
        max={max}
        precision={0}
        value={form[field]}
        onChange={(value) => update({ [field]: value })}
        suffix={unit}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            label={t('adminProblem.form.problemId')}
            htmlFor="ap-problemId"
            extra={errors.problemId ? undefined : t('adminProblem.form.problemIdHelp')}
            {...errorProps(errors, 'problemId')}
          >
            <Input
              id="ap-problemId"
              value={form.problemId}
              onChange={(event) => update({ problemId: event.target.value })}
              placeholder={t('adminProblem.form.problemIdPlaceholder')}
              maxLength={PROBLEM_LIMITS.problemIdMax}
              addonBefore={idPrefix ? idPrefix.toUpperCase() : undefined}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            label={t('adminProblem.form.title')}
            htmlFor="ap-title"
            required
            {...errorProps(errors, 'title')}
          >
            <Input
              id="ap-title"
              value={form.title}
              onChange={(event) => update({ title: event.target.value })}
              maxLength={PROBLEM_LIMITS.titleMax}
              showCount
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          {limit('timeLimit', t('adminProblem.form.ms'), PROBLEM_LIMITS.timeLimitMax)}
        </Col>
        <Col xs={24} sm={8}>
          {limit('memoryLimit', t('adminProblem.form.mb'), PROBLEM_LIMITS.memoryLimitMax)}
        </Col>
        <Col xs={24} sm={8}>
          {limit('stackLimit', t('adminProblem.form.mb'), PROBLEM_LIMITS.stackLimitMax)}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('adminProblem.form.type')}>
            <Radio.Group
              aria-label={t('adminProblem.form.type')}
              optionType="button"
              buttonStyle="solid"
              value={form.type}
              onChange={(event) => update((f) => changeType(f, event.target.value as ProblemType))}
              options={[
                { value: 0, label: t('adminProblem.type.acm') },
                { value: 1, label: t('adminProblem.type.oi') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('adminProblem.form.auth')} htmlFor="ap-auth">
            <Select<ProblemAuthValue>
              id="ap-auth"
              value={form.auth}
              onChange={(auth) => update({ auth })}
              options={authOptions}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('adminProblem.form.difficulty')}>
            <Rate
              aria-label={t('adminProblem.form.difficulty')}
              count={5}
              value={form.difficulty}
              onChange={(difficulty) => update({ difficulty })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Form.Item label={t('adminProblem.form.codeShare')} htmlFor="ap-codeShare">
            <Switch
              id="ap-codeShare"
              checked={form.codeShare}
              onChange={(codeShare) => update({ codeShare })}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('adminProblem.form.tags')} htmlFor="ap-tags">
            <TagPicker
              id="ap-tags"
              tags={form.tags}
              known={knownTags}
              loading={tagsLoading}
              onChange={(tags) => update({ tags })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('adminProblem.form.source')} htmlFor="ap-source">
            <Input.TextArea
              id="ap-source"
              value={form.source}
              onChange={(event) => update({ source: event.target.value })}
              autoSize={{ minRows: 1, maxRows: 4 }}
            />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
