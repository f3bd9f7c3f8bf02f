import { useCallback, useEffect, useState } from 'react';
import { getCaptcha } from '../../api/account';

export interface Captcha {
  /** data:image/png;base64 of the question (reference §7.5), or '' while loading */
  img: string;
  captchaKey: string;
  loading: boolean;
  /** A captcha answers one request (the server takes it out), so each attempt needs a new one. */
  refresh(): void;
}

/**
 * The image captcha of the reset and register forms (spec part 1 §5: 1 to 8 characters); none is
 * fetched while `enabled` is false.
 */
export function useCaptcha(enabled = true): Captcha {
  const [captcha, setCaptcha] = useState({ img: '', captchaKey: '' });
  const [loading, setLoading] = useState(enabled);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setLoading(true);
    getCaptcha()
      .then(
        (next) => {
          if (current) setCaptcha(next);
        },
        () => undefined, // already reported; clicking the image asks again
      )
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [round, enabled]);

  const refresh = useCallback(() => setRound((value) => value + 1), []);
  return { ...captcha, loading, refresh };
}
