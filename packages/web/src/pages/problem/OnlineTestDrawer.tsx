import { CaretRightOutlined } from '@ant-design/icons';
import { JudgeStatus } from '@verdict/shared';
import { Alert, Button, Card, Descriptions, Drawer, Form, Input, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import type { Problem } from '../../api/problem';
import { getTestJudgeResult, submitTestJudge, type TestJudgeResult } from '../../api/submission';
import {
  formatMemory,
  formatTime,
  isUnfinished,
  JudgeStatusTag,
  startPolling,
  TEST_RUN_POLL,
  type Poller,
} from '../../components/judge-status';
import { toast } from '../../feedback/toast';
import { clientCodeProblem, passedSample, TEST_INPUT_MAX_LENGTH, type Example } from './problem-utils';
import { requireLogin } from './require-login';
import { useMediaQuery, MOBILE_QUERY } from './use-media-query';

/** The seconds a too-soon refusal asks the client to wait (issue 24 item 9), if it is one. */
function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const data = (error.response?.data as { data?: { retryAfterSeconds?: unknown } } | undefined)?.data;
  return typeof data?.retryAfterSeconds === 'number' ? data.retryAfterSeconds : null;
}

/** Whole seconds left until `at`, counted down once a second; 0 once it has passed. */
function useSecondsUntil(at: number | null): number {
  const left = () => (at === null ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (at === null) return;
    const timer = window.setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return seconds;
}

interface OnlineTestDrawerProps {
  open: boolean;
  onClose: () => void;
  problem: Problem | undefined;
  examples: Example[];
  code: string;
  language: string;
  /** the language's CodeMirror mode name, for remote problems (reference §8.12) */
  mode?: string | null;
  /** reference §3.4 TestJudgeDTO type: 'contest' on a contest's problem page */
  testType?: 'public' | 'contest' | 'group';
  /** a group problem's group (testType 'group') */
  gid?: number;
}

/**
 * Spec part 1 §4 "Test-run flow", §5: the program runs once on the user's input (at most 1000
 * characters), optionally compared with an expected output; the result is polled every 1 s until
 * it is no longer pending. Samples can be filled in with one click.
 */
export function OnlineTestDrawer({
  open,
  onClose,
  problem,
  examples,
  code,
  language,
  mode,
  testType = 'public',
  gid,
}: OnlineTestDrawerProps) {
  const { t } = useTranslation();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const [input, setInput] = useState(examples[0]?.input ?? '');
  const [expected, setExpected] = useState(examples[0]?.output ?? '');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<TestJudgeResult | null>(null);
  /** when a run refused as too soon may be tried again (ms since the epoch) */
  const [runAgainAt, setRunAgainAt] = useState<number | null>(null);
  const poller = useRef<Poller | null>(null);
  const filled = useRef(false);

  // The first sample is offered as the input once the problem is known.
  useEffect(() => {
    if (filled.current || examples.length === 0) return;
    filled.current = true;
    setInput(examples[0]!.input);
    setExpected(examples[0]!.output);
  }, [examples]);

  useEffect(() => () => poller.current?.stop(), []);

  const run = async () => {
    if (!problem || !requireLogin()) return;
    const codeProblem = clientCodeProblem(code);
    if (codeProblem) {
      toast.error(t(codeProblem === 'empty' ? 'problem.submit.codeEmpty' : 'problem.submit.codeTooLong'));
      return;
    }
    if (input.length > TEST_INPUT_MAX_LENGTH) {
      toast.error(t('problem.test.inputTooLong'));
      return;
    }
    setRunning(true);
    try {
      const key = await submitTestJudge({
        pid: problem.id,
        type: testType,
        code,
        language,
        userInput: input,
        expectedOutput: expected === '' ? undefined : expected,
        isRemoteJudge: problem.isRemote,
        mode: mode ?? undefined,
        gid,
      });
      // the last result stays until the server has taken the new run (issue 24 item 9)
      poller.current?.stop();
      setResult({ status: JudgeStatus.PENDING });
      poller.current = startPolling({
        ...TEST_RUN_POLL,
        immediate: true,
        tick: async () => {
          const answer = await getTestJudgeResult(key);
          setResult(answer);
          return !isUnfinished(answer.status);
        },
        onStop: () => setRunning(false),
      });
    } catch (error) {
      setRunning(false);
      const wait = retryAfterSeconds(error);
      if (wait !== null) setRunAgainAt(Date.now() + wait * 1000);
    }
  };
  const waitSeconds = useSecondsUntil(runAgainAt);

  const finished = result !== null && !isUnfinished(result.status);
  const uncertain =
    finished &&
    (result.problemJudgeMode === 'spj' || result.problemJudgeMode === 'interactive') &&
    (result.status === JudgeStatus.ACCEPTED || result.status === JudgeStatus.WRONG_ANSWER);
  const sample =
    finished && result.status === JudgeStatus.ACCEPTED && !uncertain
      ? passedSample(examples, result.userInput ?? input, result.userOutput)
      : null;

  return (
    <Drawer
      title={t('problem.test.title')}
      open={open}
      onClose={onClose}
      size={mobile ? '100%' : 560}
      className="online-test"
      destroyOnHidden={false}
      extra={
        <Button
          type="primary"
          icon={<CaretRightOutlined />}
          loading={running}
          disabled={waitSeconds > 0}
          onClick={() => void run()}
        >
          {waitSeconds > 0 ? t('problem.test.runAgainIn', { seconds: waitSeconds }) : t('problem.test.run')}
        </Button>
      }
    >
      {examples.length > 0 ? (
        <Space wrap className="online-test__samples">
          <span>{t('problem.test.fillSample')}</span>
          {examples.map((example, i) => (
            <Button
              key={i}
              size="small"
              onClick={() => {
                setInput(example.input);
                setExpected(example.output);
              }}
            >
              {t('problem.statement.sampleN', { n: i + 1 })}
            </Button>
          ))}
        </Space>
      ) : null}
      <Form layout="vertical">
        <Form.Item label={t('problem.test.input')} htmlFor="online-test-input">
          <Input.TextArea
            id="online-test-input"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={TEST_INPUT_MAX_LENGTH}
            showCount
            className="online-test__textarea"
          />
        </Form.Item>
        <Form.Item label={t('problem.test.expected')} htmlFor="online-test-expected">
          <Input.TextArea
            id="online-test-expected"
            value={expected}
            onChange={(e) => setExpected(e.target.value)}
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('problem.test.expectedHint')}
            className="online-test__textarea"
          />
        </Form.Item>
      </Form>

      {result === null ? null : !finished ? (
        <div className="online-test__pending">
          <Spin /> <JudgeStatusTag status={result.status} />
        </div>
      ) : result.status === JudgeStatus.COMPILE_ERROR ? (
        <Card size="small" className="online-test__result" title={t('problem.test.compileFailed')}>
          <pre className="output-block output-block--error">
            {result.stderr || t('problem.test.noOutput')}
          </pre>
        </Card>
      ) : (
        <Card
          size="small"
          className="online-test__result"
          title={
            <Space>
              {t('problem.test.result')}
              <JudgeStatusTag status={result.status} />
            </Space>
          }
        >
          {sample !== null ? (
            <Alert type="success" showIcon title={t('problem.test.passSample', { n: sample })} />
          ) : null}
          {uncertain ? <Alert type="warning" showIcon title={t('problem.test.uncertain')} /> : null}
          <Descriptions size="small" column={2} className="online-test__numbers">
            <Descriptions.Item label={t('problem.submission.time')}>
              {formatTime(result.time)}
            </Descriptions.Item>
            <Descriptions.Item label={t('problem.submission.memory')}>
              {formatMemory(result.memory)}
            </Descriptions.Item>
          </Descriptions>
          <div className="online-test__label">{t('problem.test.output')}</div>
          <pre className="output-block">{result.userOutput || t('problem.test.noOutput')}</pre>
          {result.expectedOutput ? (
            <>
              <div className="online-test__label">{t('problem.test.expected')}</div>
              <pre className="output-block">{result.expectedOutput}</pre>
            </>
          ) : null}
          {result.stderr ? (
            <>
              <div className="online-test__label">{t('problem.test.stderr')}</div>
              <pre className="output-block output-block--error">{result.stderr}</pre>
            </>
          ) : null}
        </Card>
      )}
    </Drawer>
  );
}
