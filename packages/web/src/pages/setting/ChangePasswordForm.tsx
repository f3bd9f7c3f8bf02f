import { changePasswordSchema, type ChangeAccountVO } from '@verdict/shared';
import { Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/account';
import { differentFromRule, sameAsRule, schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { useSubmit } from '../../components/account-form/use-submit';
import { useSecondsLeft } from '../../components/countdown/use-seconds-left';
import { toast } from '../../feedback/toast';
import { navigateTo } from '../../routing/navigate';
import { ChangeResultAlert } from './ChangeResultAlert';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  passwordAgain: string;
}

/** The server's success message promises a sign-out after 5 s (reference §7.4, HOJ's client does the same). */
const SIGN_OUT_DELAY_MS = 5000;

const fields = changePasswordSchema.shape;

/** Account pane: current, new and repeated password (spec part 2 §2.6, §5). */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const [result, setResult] = useState<ChangeAccountVO | null>(null);
  const [signOutAt, setSignOutAt] = useState(0);
  const signOutIn = useSecondsLeft(signOutAt);
  useRevalidateOnLanguageChange(form);

  const { submitting, submit } = useSubmit(async ({ oldPassword, newPassword }: PasswordValues) => {
    const answer = await changePassword({ oldPassword, newPassword });
    setResult(answer);
    if (answer.code !== 200) return;
    toast.success(answer.msg);
    form.resetFields();
    setSignOutAt(Date.now() + SIGN_OUT_DELAY_MS);
    // Not tied to this form: leaving the page does not cancel the promised sign-out.
    setTimeout(() => navigateTo('/logout'), SIGN_OUT_DELAY_MS);
  });

  return (
    <Form form={form} layout="vertical" requiredMark={false} disabled={signOutAt > 0} onFinish={submit}>
      <Typography.Title level={5}>{t('setting.password.title')}</Typography.Title>
      <Form.Item
        name="oldPassword"
        label={t('setting.password.old')}
        rules={[schemaRule(fields.oldPassword)]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('setting.password.new')}
        dependencies={['oldPassword']}
        rules={[schemaRule(fields.newPassword), differentFromRule(form, 'oldPassword', 'newPasswordSame')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="passwordAgain"
        label={t('setting.password.again')}
        dependencies={['newPassword']}
        rules={[sameAsRule(form, 'newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <ChangeResultAlert
        result={result}
        extra={signOutAt > 0 ? t('setting.password.signingOut', { seconds: signOutIn }) : undefined}
      />
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('setting.password.submit')}
      </Button>
    </Form>
  );
}
