import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startCooldown, useCooldownEnd, type CooldownName } from '../../store/cooldowns';
import { useSecondsLeft } from './use-seconds-left';

interface CooldownButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children'> {
  cooldown: CooldownName;
  /** Resend interval in seconds (spec part 1 §9: register 60 s, reset mail 90 s). */
  seconds: number;
  /** Sends the mail; resolves true when it went out, which starts the countdown. */
  onSend: () => Promise<boolean>;
  children: string;
}

/** A send-mail button that shows its progress, then counts down until a resend is allowed. */
export function CooldownButton({
  cooldown,
  seconds,
  onSend,
  children,
  disabled,
  ...rest
}: CooldownButtonProps) {
  const { t } = useTranslation();
  const [sending, setSending] = useState(false);
  const left = useSecondsLeft(useCooldownEnd(cooldown));

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) startCooldown(cooldown, seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button {...rest} loading={sending} disabled={disabled || left > 0} onClick={() => void send()}>
      {left > 0 ? t('account.resendIn', { seconds: left }) : children}
    </Button>
  );
}
