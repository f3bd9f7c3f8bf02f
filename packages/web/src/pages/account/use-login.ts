import type { UserInfoVO } from '@verdict/shared';
import { useCallback, useRef, useState } from 'react';
import { login, slideRequiredAfter } from '../../api/account';
import { ApiError } from '../../api/http';
import { queryClient } from '../../api/query-client';
import type { SlideAnswer } from '../../components/slide-verify/SlideVerify';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import { signIn } from '../../store/session';

export interface Credentials {
  username: string;
  password: string;
}

export interface LoginState {
  submit(credentials: Credentials): Promise<void>;
  submitting: boolean;
  /** The server asked for the slide verification (spec part 1 §4: from 5 failures). */
  slideRequired: boolean;
  /** Bumped after each attempt that used a challenge: the server takes one per attempt. */
  slideRound: number;
  /** The user tried to log in before solving the slide. */
  slideMissing: boolean;
  onSlideSolved(answer: SlideAnswer): void;
}

/**
 * Logging in, at the site's dialog and at /admin/login alike: sends the credentials (and the slide
 * answer when the server asked for one), stores the session on success (spec part 1 §1, §7).
 * A refusal has already been shown by the API client (spec part 1 §8).
 */
export function useLogin(options: { admin?: boolean; onSignedIn(user: UserInfoVO): void }): LoginState {
  const { admin = false, onSignedIn } = options;
  const [submitting, setSubmitting] = useState(false);
  const [slideRequired, setSlideRequired] = useState(false);
  const [slideRound, setSlideRound] = useState(0);
  const [slideMissing, setSlideMissing] = useState(false);
  const slideAnswer = useRef<SlideAnswer | null>(null);

  const submit = useCallback(
    async ({ username, password }: Credentials) => {
      const slide = slideAnswer.current;
      if (slideRequired && !slide) {
        setSlideMissing(true);
        return;
      }
      slideAnswer.current = null;
      setSubmitting(true);
      try {
        const { token, userInfo } = await login({ username, password, ...slide }, { admin });
        signIn(token, userInfo);
        // Whatever was loaded for the visitor may look different for the user.
        void queryClient.invalidateQueries();
        toast.success(translate('account.welcomeBack'));
        onSignedIn(userInfo);
      } catch (error) {
        // Only a refusal from the server says whether the slide is needed; a lost request changes nothing.
        const refused = error instanceof ApiError && error.kind === 'business';
        const required = refused ? slideRequiredAfter(error) : slideRequired;
        setSlideRequired(required);
        // A used challenge is gone on the server, and a fresh refusal needs a first one.
        if (required && (slide || !slideRequired)) setSlideRound((round) => round + 1);
      } finally {
        setSubmitting(false);
      }
    },
    [admin, onSignedIn, slideRequired],
  );

  const onSlideSolved = useCallback((answer: SlideAnswer) => {
    slideAnswer.current = answer;
    setSlideMissing(false);
  }, []);

  return { submit, submitting, slideRequired, slideRound, slideMissing, onSlideSolved };
}
