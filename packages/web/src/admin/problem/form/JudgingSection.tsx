import { CheckCircleOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { JUDGE_PROGRAM_LANGUAGES, PROBLEM_LIMITS, type JudgeMode } from '@verdict/shared';
import { Alert, App, Button, Col, Divider, Form, Input, Radio, Row, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compileChecker } from '../../../api/admin-problem';
import { ApiError } from '../../../api/http';
import { CodeField } from '../components/CodeField';
import { ExtraFilesEditor } from './ExtraFilesEditor';
import {
  JUDGE_MODE_OPTIONS,
  checkerChanged,
  checkerReady,
  type CheckerBaseline,
  type CheckerLanguage,
  type CompileResult,
} from './problem-form';
import { errorProps, type SectionProps } from './section';
import { toast } from '../../../feedback/toast';

const modeOf = (language: CheckerLanguage) => (language === 'C' ? 'text/x-csrc' : 'text/x-c++src');

/**
 * Judge mode with the checker or interactor, its language and the Compile button (spec part 2 §4:
 * a changed program must compile before saving); the extra files of both sides and file I/O
 * (reference §8.7, §8.8, §8.13).
 */
export function JudgingSection({
  form,
  update,
  errors,
  baseline,
  compiled,
  onCompiled,
  gid,
}: SectionProps & {
  baseline: CheckerBaseline | null;
  compiled: CompileResult | null;
  onCompiled: (result: CompileResult) => void;
  /** a group problem's group: compiled through the group's call (reference §3.10) */
  gid?: number;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [compiling, setCompiling] = useState(false);
  const special = form.judgeMode !== 'default';

  const switchMode = (judgeMode: JudgeMode) => {
    update({ judgeMode });
    // spec part 2 §4: switching the judge mode shows an info dialog
    modal.info({
      title: t('adminProblem.form.judgeModeChanged', {
        mode: t(`adminProblem.form.judgeModes.${judgeMode}`),
      }),
      content: t(`adminProblem.form.judgeModeTips.${judgeMode}`),
      okText: t('adminProblem.common.confirm'),
    });
  };

  const compile = async () => {
    if (form.judgeMode === 'default') return;
    const attempt = { code: form.spjCode, language: form.spjLanguage };
    setCompiling(true);
    try {
      const answer = await compileChecker(
        form.judgeMode,
        {
          pid: form.id,
          ...attempt,
          extraFiles: Object.fromEntries(form.judgeExtraFiles.map((f) => [f.name.trim(), f.content])),
        },
        gid,
      );
      onCompiled({ ...attempt, outcome: 'ok', message: answer.msg });
      toast.success(t('adminProblem.form.compiled'));
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== 'business') return;
      if (error.status === 500) {
        // reference §3.12: a compile error answers 500 with the compiler's output
        onCompiled({ ...attempt, outcome: 'error', message: error.message });
        modal.error({
          title: t('adminProblem.form.compileError'),
          content: <pre className="ap-compile-output">{error.message}</pre>,
          width: 720,
          okText: t('adminProblem.common.confirm'),
        });
      } else {
        // not checked (no judge server took or answered it in time): its message says why
        onCompiled({ ...attempt, outcome: 'unavailable', message: error.message });
      }
    } finally {
      setCompiling(false);
    }
  };

  const changed = checkerChanged(form, baseline);
  const ready = checkerReady(form, baseline, compiled);
  const current =
    compiled && compiled.code === form.spjCode && compiled.language === form.spjLanguage ? compiled : null;

  return (
    <>
      <Form.Item label={t('adminProblem.form.judgeMode')}>
        <Radio.Group
          aria-label={t('adminProblem.form.judgeMode')}
          value={form.judgeMode}
          onChange={(event) => switchMode(event.target.value as JudgeMode)}
          options={JUDGE_MODE_OPTIONS.map((mode) => ({
            value: mode,
            label: t(`adminProblem.form.judgeModes.${mode}`),
          }))}
        />
      </Form.Item>
      {special && (
        <div className="ap-checker">
          <Form.Item
            label={t(`adminProblem.form.checkerCode.${form.judgeMode === 'spj' ? 'spj' : 'interactive'}`)}
            required
            {...errorProps(errors, 'checker')}
          >
            <Space wrap className="ap-checker-bar">
              <Select<CheckerLanguage>
                aria-label={t('adminProblem.form.checkerLanguage')}
                value={form.spjLanguage}
                onChange={(spjLanguage) => update({ spjLanguage })}
                options={JUDGE_PROGRAM_LANGUAGES.map((language) => ({ value: language, label: language }))}
                style={{ width: 110 }}
              />
              <Button
                type="primary"
                ghost
                icon={<ThunderboltOutlined />}
                loading={compiling}
                disabled={form.spjCode.trim() === ''}
                onClick={() => void compile()}
              >
                {compiling ? t('adminProblem.form.compiling') : t('adminProblem.form.compile')}
              </Button>
              {changed && ready && current?.outcome === 'ok' && (
                <span className="ap-ok">
                  <CheckCircleOutlined /> {t('adminProblem.form.checkerCompiledOk')}
                </span>
              )}
            </Space>
            <CodeField
              label={t(`adminProblem.form.checkerCode.${form.judgeMode === 'spj' ? 'spj' : 'interactive'}`)}
              value={form.spjCode}
              onChange={(spjCode) => update({ spjCode })}
              mode={modeOf(form.spjLanguage)}
              minHeight="260px"
              invalid={!!errors.checker}
            />
          </Form.Item>
          {changed && !current && (
            <Alert
              type="warning"
              showIcon
              title={t('adminProblem.form.checkerChanged')}
              className="ap-alert"
            />
          )}
          {current?.outcome === 'unavailable' && (
            <Alert
              type="info"
              showIcon
              className="ap-alert"
              title={current.message}
              description={t('adminProblem.form.compileUnavailableNote')}
            />
          )}
          {current?.outcome === 'error' && (
            <Alert
              type="error"
              showIcon
              className="ap-alert"
              title={t('adminProblem.form.compileError')}
              description={<pre className="ap-compile-output">{current.message}</pre>}
            />
          )}
          <ExtraFilesEditor
            title={t('adminProblem.form.judgeExtraFiles')}
            help={t('adminProblem.form.judgeExtraFilesHelp')}
            files={form.judgeExtraFiles}
            onChange={(judgeExtraFiles) => update({ judgeExtraFiles })}
          />
        </div>
      )}
      <Divider className="ap-divider" />
      <ExtraFilesEditor
        title={t('adminProblem.form.userExtraFiles')}
        help={t('adminProblem.form.userExtraFilesHelp')}
        files={form.userExtraFiles}
        onChange={(userExtraFiles) => update({ userExtraFiles })}
      />
      <Divider className="ap-divider" />
      <Form.Item
        label={t('adminProblem.form.fileIO')}
        htmlFor="ap-fileIO"
        extra={t('adminProblem.form.fileIOHelp')}
      >
        <Switch id="ap-fileIO" checked={form.isFileIO} onChange={(isFileIO) => update({ isFileIO })} />
      </Form.Item>
      {form.isFileIO && (
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('adminProblem.form.ioReadFileName')}
              htmlFor="ap-ioRead"
              required
              {...errorProps(errors, 'fileIO')}
            >
              <Input
                id="ap-ioRead"
                value={form.ioReadFileName}
                placeholder="input.txt"
                onChange={(event) => update({ ioReadFileName: event.target.value })}
                maxLength={PROBLEM_LIMITS.fileNameMax}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label={t('adminProblem.form.ioWriteFileName')}
              htmlFor="ap-ioWrite"
              required
              {...errorProps(errors, 'fileIO')}
            >
              <Input
                id="ap-ioWrite"
                value={form.ioWriteFileName}
                placeholder="output.txt"
                onChange={(event) => update({ ioWriteFileName: event.target.value })}
                maxLength={PROBLEM_LIMITS.fileNameMax}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}
