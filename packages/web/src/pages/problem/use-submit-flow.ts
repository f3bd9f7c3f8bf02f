import { JudgeStatus } from '@verdict/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Problem } from '../../api/problem';
import { asksForCaptcha, resubmit, submitProblemJudge } from '../../api/submission';
import { isUnfinished, startPolling, SUBMISSION_POLL, type Poller } from '../../components/judge-status';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import { clientCodeProblem } from './problem-utils';
import { checkStatus, PUBLIC_SCOPE, submitTarget, type ProblemScope } from './problem-scope';
import { requireLogin } from './require-login';

export interface SubmitFlowState {
  /** the submit call is on its way */
  submitting: boolean;
  /** the verdict is being polled */
  judging: boolean;
  submitId: number | null;
  /** null: no status panel; 9 while submitting */
  status: number | null;
  score: number | null;
}

const IDLE: SubmitFlowState = {
  submitting: false,
  judging: false,
  submitId: null,
  status: null,
  score: null,
};

/** The answer to the captcha shown beside Submit, and the key of that captcha. */
export interface CaptchaAnswer {
  captcha: string;
  captchaKey: string;
}

/**
 * spec part 1 §3, §8: once the server refuses a submit with `captchaRequired`, a captcha is shown
 * and answered with every submit until one goes through. Each captcha answers once, so every
 * refusal needs a new one: `round` counts them (the captcha component is keyed by it).
 */
export interface CaptchaState {
  required: boolean;
  round: number;
}

/**
 * Spec part 1 §4 "Submit flow" and §5: the client checks, status 9 while the call is on its way,
 * then the submission polled every 2 s (at most 300 rounds) until it leaves Pending, Compiling and
 * Judging. `onFinished` gets the final status (the page celebrates Accepted and reloads). A failed
 * submit resets the panel; a failed poll stops polling. A refusal that asks for a captcha (§8
 * too-fast operation) turns `captcha.required` on until a submit goes through. In a contest
 * (`scope`) the submit carries the contest and the display id, and the status is checked through
 * the contest's call.
 */
export function useSubmitFlow(
  onFinished: (status: number, submitId: number) => void,
  scope: ProblemScope = PUBLIC_SCOPE,
  problemID = '',
) {
  const [state, setState] = useState<SubmitFlowState>(IDLE);
  const [captcha, setCaptcha] = useState<CaptchaState>({ required: false, round: 0 });
  const poller = useRef<Poller | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;
  const scopeRef = useRef(scope);
  scopeRef.current = scope;

  useEffect(() => () => poller.current?.stop(), []);

  const watch = useCallback((submitId: number) => {
    poller.current?.stop();
    let last = JudgeStatus.PENDING as number;
    poller.current = startPolling({
      ...SUBMISSION_POLL,
      tick: async () => {
        const map = await checkStatus(scopeRef.current, [submitId]);
        const row = map[String(submitId)];
        if (!row) return false;
        last = row.status;
        setState((s) => (s.submitId === submitId ? { ...s, status: row.status, score: row.score } : s));
        return !isUnfinished(row.status);
      },
      onStop: (reason) => {
        setState((s) => (s.submitId === submitId ? { ...s, judging: false } : s));
        if (reason === 'done') finished.current(last, submitId);
      },
    });
  }, []);

  const submit = useCallback(
    async (problem: Problem, code: string, language: string, answer: CaptchaAnswer | null = null) => {
      if (!requireLogin()) return;
      const problemWithCode = clientCodeProblem(code);
      if (problemWithCode === 'empty') {
        toast.error(translate('problem.submit.codeEmpty'));
        return;
      }
      if (problemWithCode === 'tooLong') {
        toast.error(translate('problem.submit.codeTooLong'));
        return;
      }
      poller.current?.stop();
      setState({ ...IDLE, submitting: true, status: JudgeStatus.SUBMITTING });
      try {
        const submission = await submitProblemJudge({
          ...submitTarget(scopeRef.current, problemID, problem.problemId),
          language,
          code,
          isRemote: problem.isRemote,
          ...(answer ?? {}),
        });
        setCaptcha((c) => (c.required ? { required: false, round: c.round + 1 } : c));
        toast.success(translate('problem.submit.submitted'));
        setState({
          submitting: false,
          judging: true,
          submitId: submission.submitId,
          status: submission.status,
          score: null,
        });
        watch(submission.submitId);
      } catch (error) {
        // Spec part 1 §8: a failed submit resets the submit state and the status panel.
        setState(IDLE);
        // The server used up the captcha sent (right or wrong): a fresh one for the next try.
        if (asksForCaptcha(error) || answer) setCaptcha((c) => ({ required: true, round: c.round + 1 }));
      }
    },
    [watch],
  );

  /** Spec part 1 §4: Submitted Failed on a remote problem offers a resubmit. */
  const resubmitCurrent = useCallback(async () => {
    if (state.submitId === null) return;
    const submitId = state.submitId;
    try {
      const submission = await resubmit(submitId);
      toast.success(translate('problem.submit.resubmitted'));
      setState({ submitting: false, judging: true, submitId, status: submission.status, score: null });
      watch(submitId);
    } catch {
      // shown by the client
    }
  }, [state.submitId, watch]);

  return { ...state, captcha, submit, resubmit: resubmitCurrent };
}
