import { useQuery } from '@tanstack/react-query';
import type { ContestSaveResult } from '@verdict/shared';
import { Alert, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  createContest,
  getAdminContest,
  updateContest,
  type AdminContestAnswer,
  type AdminContestVO,
  type AwardType,
  type ContestAuth,
  type OiRankScoreType,
  type RankShowName,
} from '../../api/admin-contest';
import type { Answer } from '../../api/answer-calls';
import { EditorPageHead } from '../common/editor/EditorPageHead';
import { LoadFailedResult } from '../common/editor/LoadFailedResult';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { useEditorForm } from '../common/editor/use-editor-form';
import { useRouteId } from '../common/editor/use-route-id';
import { FormSaveFooter } from '../common/FormSaveFooter';
import { PageLoading } from '../../components/PageLoading';
import { toast } from '../../feedback/toast';
import { MarkdownField } from '../problem/components/MarkdownField';
import { AccountRuleEditor } from './form/AccountRuleEditor';
import { AwardEditor } from './form/AwardEditor';
import {
  CONTEST_LIMITS,
  defaultContestForm,
  dropsRegistrations,
  durationParts,
  durationSeconds,
  formFromContest,
  sealChoiceAllowed,
  sealTimeOf,
  toContestBody,
  validateContestForm,
  withSeal,
  withTimes,
  type ContestField,
  type ContestFormError,
  type ContestFormState,
  type SealChoice,
} from './form/contest-form';
import { StarAccountEditor } from './form/StarAccountEditor';
import { contestPaths } from './paths';
import { useContestText } from './use-contest-text';
import '../problem/admin-problem.css';
import './admin-contest.css';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/**
 * Whose contests the form edits: where it loads from and saves to, and the list it comes from. The
 * site's by default; a group's contests (issue 27) give their own.
 */
export interface ContestEditTarget {
  listPath: string;
  /** the queries a save makes stale (the list's) */
  staleKey: readonly unknown[];
  load: (cid: number) => Promise<AdminContestAnswer>;
  create: (body: AdminContestVO) => Promise<unknown>;
  /** answers how many registrations a new password removed, when it removed any */
  update: (body: AdminContestVO) => Promise<Answer<ContestSaveResult | null>>;
}

const SITE_TARGET: ContestEditTarget = {
  listPath: contestPaths.list,
  staleKey: ['admin-contest'],
  load: getAdminContest,
  create: createContest,
  update: updateContest,
};

/** /admin/contest/create and /admin/contest/:contestId/edit (spec part 2 §2.7); remounted per path. */
export function ContestEditPage() {
  const { pathname } = useLocation();
  return <ContestEditor key={pathname} />;
}

function useAwardNames(): [string, string, string] {
  const { t } = useTranslation();
  return [
    t('adminContest.form.awardNames.gold'),
    t('adminContest.form.awardNames.silver'),
    t('adminContest.form.awardNames.bronze'),
  ];
}

/** The contest form (spec part 2 §2.7); `target` says whose contests it edits (the site's by default). */
export function ContestEditor({
  target = SITE_TARGET,
  editId,
}: {
  target?: ContestEditTarget;
  /** the contest to edit (null: a new one) when the page names it elsewhere than its path */
  editId?: number | null;
}) {
  const { t } = useTranslation();
  const text = useContestText();
  const awardNames = useAwardNames();
  const routeId = useRouteId('contestId');
  const {
    editing,
    id: cid,
    valid: validCid,
  } = editId === undefined ? routeId : { editing: editId !== null, id: editId, valid: true };

  const saved = useQuery({
    queryKey: ['admin-contest', 'detail', cid],
    queryFn: () => target.load(cid!),
    enabled: editing && validCid,
    staleTime: 0,
    gcTime: 0,
  });

  const { form, start, update, submitted, saving, saveError, save } = useEditorForm<ContestFormState>();
  if (form === null && (!editing || saved.data)) {
    start(saved.data ? formFromContest(saved.data, awardNames) : defaultContestForm(awardNames));
  }

  const back = t('adminContest.common.back');
  if (!validCid) return <NotFoundResult backTo={target.listPath} backLabel={back} />;
  if (editing && saved.isError) {
    return (
      <LoadFailedResult
        title={t('adminContest.common.loadFailed')}
        retryLabel={t('adminContest.common.retry')}
        onRetry={() => void saved.refetch()}
      />
    );
  }
  if (!form) return <PageLoading />;

  const allErrors = submitted ? validateContestForm(form) : [];
  const messageOf = (error: ContestFormError) => text(error.key);
  const fieldErrors: Partial<Record<ContestField, string>> = {};
  for (const error of allErrors) fieldErrors[error.field] ??= messageOf(error);
  const errorProps = (field: ContestField) =>
    fieldErrors[field] ? { validateStatus: 'error' as const, help: fieldErrors[field] } : {};

  const duration = durationSeconds(form.startTime, form.endTime);
  const parts = durationParts(duration);
  const durationText =
    duration > 0
      ? (['d', 'h', 'm', 's'] as const)
          .filter((unit) => parts[unit] > 0)
          .map((unit) => t(`adminContest.form.units.${unit}`, { n: parts[unit] }))
          .join(' ')
      : t('adminContest.form.durationNone');
  const sealTime = form.sealRank ? sealTimeOf(form.sealChoice, form.startTime, form.endTime) : null;
  const warnPassword = dropsRegistrations(form, saved.data?.pwd ?? null);

  const write = async () => {
    const body = toContestBody(form);
    if (form.id !== null) {
      const answer = await target.update(body);
      // reference §3.12: the server says how many registrations a new password removed
      if (answer.data && answer.data.registrationsDropped > 0) toast.warning(answer.msg);
      else toast.success(t('adminContest.common.updated'));
    } else {
      await target.create(body);
      toast.success(t('adminContest.common.created'));
    }
  };
  const onSave = () =>
    void save({
      errors: validateContestForm(form).map(messageOf),
      firstError: '.acn-form .ant-form-item-has-error, .acn-form [role="alert"]',
      write,
      staleKey: target.staleKey,
      listPath: target.listPath,
      failText: t('adminContest.common.saveFailed'),
    });

  const toggle = (
    field: 'autoRealRank' | 'openPrint' | 'openRank' | 'allowEndSubmit' | 'visible' | 'openAccountLimit',
  ) => (
    <Form.Item label={t(`adminContest.form.${field}`)} htmlFor={`acn-${field}`}>
      <Switch id={`acn-${field}`} checked={form[field]} onChange={(value) => update({ [field]: value })} />
    </Form.Item>
  );
  const picker = (field: 'startTime' | 'endTime') => (
    <Form.Item
      label={t(`adminContest.form.${field}`)}
      htmlFor={`acn-${field}`}
      required
      {...errorProps(field)}
    >
      <DatePicker
        id={`acn-${field}`}
        showTime
        format={TIME_FORMAT}
        value={form[field] === null ? null : dayjs(form[field])}
        onChange={(value: Dayjs | null) => {
          const ms = value ? value.valueOf() : null;
          update((f) =>
            field === 'startTime' ? withTimes(f, ms, f.endTime) : withTimes(f, f.startTime, ms),
          );
        }}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
  const sealOptions: { value: SealChoice; label: string; disabled: boolean }[] = (
    [
      [0, 'halfHour'],
      [1, 'hour'],
      [2, 'all'],
    ] as const
  ).map(([value, key]) => ({
    value,
    label: t(`adminContest.form.seal.${key}`),
    disabled: !sealChoiceAllowed(value, duration),
  }));

  return (
    <div className="ap-page">
      <EditorPageHead
        title={
          form.id !== null
            ? t('adminContest.form.editTitle', { id: form.id })
            : t('adminContest.form.createTitle')
        }
        backTo={target.listPath}
        backLabel={back}
      />
      <Form layout="vertical" component="div" className="acn-form">
        <Card className="acn-section" title={t('adminContest.form.sections.basic')}>
          <Form.Item
            label={t('adminContest.form.title')}
            htmlFor="acn-title"
            required
            {...errorProps('title')}
          >
            <Input
              id="acn-title"
              value={form.title}
              maxLength={CONTEST_LIMITS.titleMax}
              showCount
              onChange={(event) => update({ title: event.target.value })}
            />
          </Form.Item>
          <Form.Item required {...errorProps('description')}>
            <MarkdownField
              label={t('adminContest.form.description')}
              value={form.description}
              onChange={(description) => update({ description })}
              rows={6}
            />
          </Form.Item>
          <Form.Item
            label={t('adminContest.form.type')}
            extra={form.id !== null ? t('adminContest.form.typeLocked') : undefined}
          >
            <Radio.Group
              aria-label={t('adminContest.form.type')}
              optionType="button"
              buttonStyle="solid"
              value={form.type}
              // spec part 2 §4: the rule type cannot change when editing
              disabled={form.id !== null}
              onChange={(event) => update({ type: event.target.value as 0 | 1 })}
              options={[
                { value: 0, label: t('adminContest.type.acm') },
                { value: 1, label: t('adminContest.type.oi') },
              ]}
            />
          </Form.Item>
        </Card>

        <Card className="acn-section" title={t('adminContest.form.sections.time')}>
          <Row gutter={16}>
            {/* two across from 768 px, three from 1200 px: room for the whole date-time (issue 24 item 18) */}
            <Col xs={24} sm={12} xl={9}>
              {picker('startTime')}
            </Col>
            <Col xs={24} sm={12} xl={9}>
              {picker('endTime')}
            </Col>
            <Col xs={24} xl={6}>
              <Form.Item label={t('adminContest.form.duration')}>
                <span className="acn-duration" data-testid="contest-duration">
                  {durationText}
                </span>
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item label={t('adminContest.form.sealRank')} htmlFor="acn-sealRank">
                <Switch
                  id="acn-sealRank"
                  checked={form.sealRank}
                  onChange={(value) => update((f) => withSeal(f, value))}
                />
              </Form.Item>
            </Col>
            {form.sealRank && (
              <Col xs={24} sm={16}>
                <Form.Item
                  label={t('adminContest.form.sealChoice')}
                  {...errorProps('sealRank')}
                  extra={
                    sealTime !== null && !fieldErrors.sealRank
                      ? t('adminContest.form.sealAt', { time: dayjs(sealTime).format(TIME_FORMAT) })
                      : undefined
                  }
                >
                  <Radio.Group
                    aria-label={t('adminContest.form.sealChoice')}
                    value={form.sealChoice}
                    onChange={(event) => update({ sealChoice: event.target.value as SealChoice })}
                    options={sealOptions}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
          {form.sealRank && toggle('autoRealRank')}
        </Card>

        <Card className="acn-section" title={t('adminContest.form.sections.access')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                label={t('adminContest.form.auth')}
                extra={t(
                  `adminContest.form.authHelp.${(['public', 'private', 'protected'] as const)[form.auth]}`,
                )}
              >
                <Radio.Group
                  aria-label={t('adminContest.form.auth')}
                  optionType="button"
                  buttonStyle="solid"
                  value={form.auth}
                  onChange={(event) => update({ auth: event.target.value as ContestAuth })}
                  options={[
                    { value: 0, label: t('adminContest.auth.public') },
                    { value: 1, label: t('adminContest.auth.private') },
                    { value: 2, label: t('adminContest.auth.protected') },
                  ]}
                />
              </Form.Item>
            </Col>
            {form.auth !== 0 && (
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('adminContest.form.pwd')}
                  htmlFor="acn-pwd"
                  required
                  {...errorProps('pwd')}
                >
                  <Input
                    id="acn-pwd"
                    value={form.pwd}
                    maxLength={CONTEST_LIMITS.passwordMax}
                    autoComplete="off"
                    onChange={(event) => update({ pwd: event.target.value })}
                  />
                </Form.Item>
              </Col>
            )}
          </Row>
          {warnPassword && (
            <Alert
              className="ap-alert"
              type="warning"
              showIcon
              title={t('adminContest.form.pwdChanged', { count: saved.data?.count ?? 0 })}
              data-testid="pwd-warning"
            />
          )}
          {toggle('openAccountLimit')}
          {form.openAccountLimit && (
            <AccountRuleEditor
              rule={form.accountRule}
              onChange={(accountRule) => update({ accountRule })}
              error={fieldErrors.accountRule}
            />
          )}
        </Card>

        <Card className="acn-section" title={t('adminContest.form.sections.rank')}>
          <Row gutter={16}>
            <Col xs={24} sm={12} md={8}>
              <Form.Item label={t('adminContest.form.rankShowName')} htmlFor="acn-rankShowName">
                <Select<RankShowName>
                  id="acn-rankShowName"
                  value={form.rankShowName}
                  onChange={(rankShowName) => update({ rankShowName })}
                  options={(['username', 'nickname', 'realname'] as const).map((value) => ({
                    value,
                    label: t(`adminContest.form.showName.${value}`),
                  }))}
                />
              </Form.Item>
            </Col>
            {form.type === 1 && (
              <Col xs={24} sm={12} md={8}>
                <Form.Item label={t('adminContest.form.oiRankScoreType')} htmlFor="acn-oiRankScoreType">
                  <Select<OiRankScoreType>
                    id="acn-oiRankScoreType"
                    value={form.oiRankScoreType}
                    onChange={(oiRankScoreType) => update({ oiRankScoreType })}
                    options={(['Recent', 'Highest'] as const).map((value) => ({
                      value,
                      label: t(`adminContest.form.scoreType.${value}`),
                    }))}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} sm={12} md={8}>
              {toggle('openRank')}
            </Col>
          </Row>
          <Form.Item
            label={t('adminContest.form.starAccount')}
            htmlFor="acn-star"
            extra={t('adminContest.form.starAccountHelp')}
          >
            <StarAccountEditor value={form.starAccount} onChange={(starAccount) => update({ starAccount })} />
          </Form.Item>
        </Card>

        <Card className="acn-section" title={t('adminContest.form.sections.awards')}>
          <Form.Item label={t('adminContest.form.awardType')}>
            <Radio.Group
              aria-label={t('adminContest.form.awardType')}
              value={form.awardType}
              onChange={(event) => update({ awardType: event.target.value as AwardType })}
              options={[
                { value: 0, label: t('adminContest.form.award.none') },
                { value: 1, label: t('adminContest.form.award.percent') },
                { value: 2, label: t('adminContest.form.award.count') },
              ]}
            />
          </Form.Item>
          {form.awardType !== 0 && (
            <AwardEditor
              type={form.awardType}
              value={form.awardConfigList}
              onChange={(awardConfigList) => update({ awardConfigList })}
              error={fieldErrors.awards}
            />
          )}
        </Card>

        <Card className="acn-section" title={t('adminContest.form.sections.other')}>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              {toggle('openPrint')}
            </Col>
            <Col xs={24} sm={8}>
              {toggle('allowEndSubmit')}
            </Col>
            <Col xs={24} sm={8}>
              {toggle('visible')}
            </Col>
          </Row>
        </Card>
      </Form>
      <FormSaveFooter
        errors={allErrors.map(messageOf)}
        saveError={saveError}
        saving={saving}
        onSave={onSave}
        cancelTo={target.listPath}
        texts={{
          fixErrors: t('adminContest.form.fixErrors'),
          saveFailed: t('adminContest.common.saveFailed'),
          save: t('adminContest.common.save'),
          saving: t('adminContest.common.saving'),
          cancel: t('adminContest.common.cancel'),
        }}
      />
    </div>
  );
}
