import { CodeOutlined, HistoryOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { JudgeStatus } from '@verdict/shared';
import { Alert, Button, Popconfirm, Select, Tooltip } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getLanguages, type ProblemDetail } from '../../api/problem';
import {
  CodeEditor,
  DEFAULT_EDITOR_HEIGHT,
  EDITOR_THEMES,
  FONT_SIZES,
  TAB_SIZES,
  type EditorTheme,
  type TabSize,
} from '../../components/code-editor';
import { JudgeStatusTag } from '../../components/judge-status';
import { toast } from '../../feedback/toast';
import { lastAcCode, problemPaths, PUBLIC_SCOPE, type ProblemScope } from './problem-scope';
import { languagesByName } from './problem-utils';
import { SubmitCaptcha } from './SubmitCaptcha';
import type { EditorState } from './use-editor-state';
import type { CaptchaAnswer, useSubmitFlow } from './use-submit-flow';

interface EditorPanelProps {
  detail: ProblemDetail | undefined;
  editor: EditorState;
  flow: ReturnType<typeof useSubmitFlow>;
  /** the editor fills the panel's height (focus mode) */
  fill: boolean;
  /** the problem failed to load: nothing can be submitted (spec part 1 §8) */
  disabled: boolean;
  onOpenTest: () => void;
  /** where the page is opened (public or a contest); public by default */
  scope?: ProblemScope;
  /** the route's problem id (the display id inside a contest) */
  problemID?: string;
  /** why submitting is closed here (a contest not started, ended or not registered), shown instead */
  submitClosed?: string | null;
}

/**
 * The right side of the problem page (spec part 1 §2): language, theme, font size and tab size,
 * the editor, the status panel of the submit flow, the Online Test button and Submit.
 */
export function EditorPanel({
  detail,
  editor,
  flow,
  fill,
  disabled,
  onOpenTest,
  scope = PUBLIC_SCOPE,
  problemID = '',
  submitClosed = null,
}: EditorPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { draft } = editor;
  const [loadingAc, setLoadingAc] = useState(false);
  const captchaAnswer = useRef<CaptchaAnswer | null>(null);
  const keepCaptchaAnswer = useCallback((answer: CaptchaAnswer) => {
    captchaAnswer.current = answer;
  }, []);
  const languages = useQuery({ queryKey: ['languages'], queryFn: getLanguages, staleTime: 5 * 60_000 });
  const problem = detail?.problem;
  const known = languagesByName(languages.data, problem?.isRemote ?? false);

  const languageOptions = (detail?.languages ?? []).map((name) => {
    const offline = known.get(name)?.available === false;
    return {
      value: name,
      label: offline ? (
        <span>
          {name} <span className="editor-toolbar__offline">{t('problem.editor.noJudge')}</span>
        </span>
      ) : (
        name
      ),
    };
  });

  const loadLastAc = async () => {
    if (!problem) return;
    // spec part 1 §5: only when the problem status is AC (the toast stays its usual 4 s)
    if (detail?.myStatus !== JudgeStatus.ACCEPTED) {
      toast.warning(t('problem.editor.notPassedYet'));
      return;
    }
    setLoadingAc(true);
    try {
      const last = await lastAcCode(scope, problem.id);
      if (last.code) {
        editor.replaceCode(last.code, detail.languages.includes(last.language) ? last.language : undefined);
        toast.success(t('problem.editor.recentCodeLoaded'));
      } else {
        toast.warning(t('problem.editor.notPassedYet'));
      }
    } catch {
      // shown by the client
    } finally {
      setLoadingAc(false);
    }
  };

  const canSubmit = !disabled && !submitClosed && !!draft && !flow.judging && !flow.submitting;
  const submit = () => {
    if (!problem || !draft || !canSubmit) return;
    const answer = flow.captcha.required ? captchaAnswer.current : null;
    void flow.submit(problem, draft.code, draft.language, answer);
  };

  const submitLabel = flow.submitting
    ? t('problem.submit.submitting')
    : flow.judging
      ? t('problem.submit.judging')
      : t('problem.submit.submit');

  const statusPanel = (() => {
    if (flow.status !== null && flow.submitId === null) {
      return (
        <span className="submit-status">
          <span className="submit-status__label">{t('problem.submit.status')}</span>
          <JudgeStatusTag status={flow.status} large />
        </span>
      );
    }
    if (flow.status !== null && flow.submitId !== null) {
      const failedRemote = flow.status === JudgeStatus.SUBMITTED_FAILED && problem?.isRemote === true;
      return (
        <span className="submit-status">
          <span className="submit-status__label">{t('problem.submit.status')}</span>
          <JudgeStatusTag
            status={flow.status}
            large
            resubmit={failedRemote}
            title={failedRemote ? t('problem.submit.resubmit') : t('problem.submit.viewDetail')}
            onClick={() =>
              failedRemote
                ? void flow.resubmit()
                : navigate(problemPaths.submission(scope, problemID, flow.submitId ?? 0))
            }
          />
          {flow.score !== null && problem?.type === 1 ? (
            <span className="submit-status__score">{t('problem.submit.score', { score: flow.score })}</span>
          ) : null}
        </span>
      );
    }
    if (detail?.myStatus === JudgeStatus.ACCEPTED) {
      return (
        <Alert className="submit-status__alert" type="success" showIcon title={t('problem.submit.solved')} />
      );
    }
    return null;
  })();

  return (
    <div className={fill ? 'editor-panel editor-panel--fill' : 'editor-panel'}>
      <div className="editor-toolbar">
        <Select
          className="editor-toolbar__language"
          value={draft?.language}
          options={languageOptions}
          onChange={(value: string) => editor.setLanguage(value)}
          aria-label={t('problem.editor.language')}
          popupMatchSelectWidth={false}
          disabled={!draft}
          data-testid="language-select"
        />
        <Select<EditorTheme>
          className="editor-toolbar__theme"
          value={draft?.theme}
          options={EDITOR_THEMES.map((theme) => ({ value: theme, label: theme }))}
          onChange={(value) => editor.setTheme(value)}
          aria-label={t('problem.editor.theme')}
          popupMatchSelectWidth={false}
          disabled={!draft}
        />
        <Select<number>
          className="editor-toolbar__small"
          value={draft?.fontSize}
          options={FONT_SIZES.map((size) => ({ value: size, label: `${size}px` }))}
          onChange={(value) => editor.setFontSize(value)}
          aria-label={t('problem.editor.fontSize')}
          disabled={!draft}
        />
        <Select<TabSize>
          className="editor-toolbar__small"
          value={draft?.tabSize}
          options={TAB_SIZES.map((size) => ({ value: size, label: t('problem.editor.tabOption', { size }) }))}
          onChange={(value) => editor.setTabSize(value)}
          aria-label={t('problem.editor.tabSize')}
          disabled={!draft}
        />
        <span className="editor-toolbar__spacer" />
        <Tooltip title={t('problem.editor.recentCode')}>
          <Button
            icon={<HistoryOutlined />}
            aria-label={t('problem.editor.recentCode')}
            loading={loadingAc}
            onClick={() => void loadLastAc()}
            disabled={!draft}
          />
        </Tooltip>
        <Popconfirm
          title={t('problem.editor.resetConfirm')}
          onConfirm={() => editor.resetToTemplate()}
          okText={t('problem.common.ok')}
          cancelText={t('problem.common.cancel')}
        >
          <Tooltip title={t('problem.editor.reset')}>
            <Button icon={<RollbackOutlined />} aria-label={t('problem.editor.reset')} disabled={!draft} />
          </Tooltip>
        </Popconfirm>
      </div>
      <div className="editor-panel__editor">
        {draft ? (
          <CodeEditor
            value={draft.code}
            onChange={editor.setCode}
            language={draft.language}
            contentType={known.get(draft.language)?.contentType}
            theme={draft.theme}
            fontSize={draft.fontSize}
            tabSize={draft.tabSize}
            height={fill ? '100%' : `${DEFAULT_EDITOR_HEIGHT}px`}
            ariaLabel={t('problem.editor.code')}
            className="problem-code-editor"
          />
        ) : (
          <div
            className="editor-panel__placeholder"
            style={fill ? undefined : { height: DEFAULT_EDITOR_HEIGHT }}
          />
        )}
      </div>
      <div className="editor-footer">
        <div className="editor-footer__status" aria-live="polite">
          {statusPanel}
        </div>
        <div className="editor-footer__actions">
          <Button icon={<CodeOutlined />} onClick={onOpenTest} disabled={disabled || !draft}>
            {t('problem.test.open')}
          </Button>
          {submitClosed ? <span className="editor-footer__closed">{submitClosed}</span> : null}
          {flow.captcha.required ? (
            <SubmitCaptcha key={flow.captcha.round} onAnswer={keepCaptchaAnswer} onSubmit={submit} />
          ) : null}
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={flow.submitting}
            disabled={disabled || !!submitClosed || !draft || flow.judging}
            onClick={submit}
          >
            {submitLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
