import { SafetyOutlined } from '@ant-design/icons';
import { Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaImage } from '../../components/captcha/CaptchaImage';
import { useCaptcha } from '../../components/captcha/use-captcha';
import type { CaptchaAnswer } from './use-submit-flow';

interface SubmitCaptchaProps {
  /** called with the current answer and the key of the captcha it answers */
  onAnswer: (answer: CaptchaAnswer) => void;
  /** Enter in the answer field submits */
  onSubmit: () => void;
}

/**
 * spec part 1 §3 "optional captcha (shown when captchaRequired is set)": the image captcha of
 * `GET /api/captcha` beside Submit, shown after the server found the user too fast (§8). Mounted
 * anew for each captcha, so a new one starts with an empty answer.
 */
export function SubmitCaptcha({ onAnswer, onSubmit }: SubmitCaptchaProps) {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  const [value, setValue] = useState('');

  useEffect(
    () => onAnswer({ captcha: value, captchaKey: captcha.captchaKey }),
    [onAnswer, value, captcha.captchaKey],
  );

  return (
    <Space.Compact className="submit-captcha">
      <Input
        prefix={<SafetyOutlined />}
        placeholder={t('problem.submit.captcha')}
        aria-label={t('problem.submit.captcha')}
        autoComplete="off"
        maxLength={8}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={onSubmit}
        autoFocus
      />
      <CaptchaImage captcha={captcha} />
    </Space.Compact>
  );
}
