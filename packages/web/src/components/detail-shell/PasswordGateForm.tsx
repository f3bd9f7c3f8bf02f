import { LockOutlined } from '@ant-design/icons';
import { Button, Card, Input } from 'antd';
import { useState } from 'react';
import { toast } from '../../feedback/toast';

export interface PasswordGateTexts {
  title: string;
  tips: string;
  /** warned when the box is empty */
  empty: string;
  registered: string;
  placeholder: string;
  label: string;
  enter: string;
}

/**
 * The password form of a private contest or training: an empty password only warns; a right one
 * registers the user (register-contest, register-training) and hands over to `onRegistered`, which
 * opens the tabs. `className` names the card; its tips and form take `__tips` and `__form`.
 */
export function PasswordGateForm({
  className,
  texts,
  register,
  onRegistered,
}: {
  className: string;
  texts: PasswordGateTexts;
  register: (password: string) => Promise<unknown>;
  onRegistered: () => void;
}) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (password === '') {
      toast.warning(texts.empty);
      return;
    }
    setBusy(true);
    try {
      await register(password);
      toast.success(texts.registered);
      onRegistered();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={className} title={texts.title}>
      <p className={`${className}__tips`}>{texts.tips}</p>
      <form
        className={`${className}__form`}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Input.Password
          prefix={<LockOutlined />}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder={texts.placeholder}
          aria-label={texts.label}
          autoComplete="off"
        />
        <Button type="primary" htmlType="submit" loading={busy}>
          {texts.enter}
        </Button>
      </form>
    </Card>
  );
}
