import { ACCOUNT_TIMINGS, changeEmailSchema, type ChangeAccountVO } from '@verdict/shared';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeEmail, getChangeEmailCode } from '../../api/account';
import { schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { CooldownButton } from '../../components/countdown/CooldownButton';
import { toast } from '../../feedback/toast';
import { updateUserInfo, useSession } from '../../store/session';
import { ChangeResultAlert } from './ChangeResultAlert';

interface EmailValues {
  password: string;
  newEmail: string;
  code: string;
}

const fields = changeEmailSchema.shape;

/** Account pane: a new e-mail address, confirmed with the code mailed to it and the password (spec part 2 §2.6). */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const [form] = Form.useForm<EmailValues>();
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<ChangeAccountVO | null>(null);
  useRevalidateOnLanguageChange(form);

  const sendCode = async (): Promise<boolean> => {
    let newEmail: string;
    try {
      newEmail = (await form.validateFields(['newEmail'])).newEmail.trim();
    } catch {
      return false;
    }
    try {
      const { msg } = await getChangeEmailCode(newEmail);
      toast.success(msg || t('setting.email.codeSent'));
      return true;
    } catch {
      return false;
    }
  };

  const submit = async (values: EmailValues) => {
    setSubmitting(true);
    try {
      const answer = await changeEmail(values);
      setResult(answer);
      if (answer.code !== 200) return;
      toast.success(answer.msg);
      if (answer.userInfo) updateUserInfo(answer.userInfo);
      form.resetFields();
    } catch {
      // Already shown by the API client (spec part 1 §8).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
      <Typography.Title level={5}>{t('setting.email.title')}</Typography.Title>
      <Form.Item label={t('setting.email.current')}>
        <Typography.Text className="setting-current-email" type={userInfo?.email ? undefined : 'secondary'}>
          {userInfo?.email || t('setting.email.none')}
        </Typography.Text>
      </Form.Item>
      <Form.Item name="password" label={t('setting.email.password')} rules={[schemaRule(fields.password)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="newEmail" label={t('setting.email.new')} rules={[schemaRule(fields.newEmail)]}>
        <Input autoComplete="email" />
      </Form.Item>
      <Form.Item label={t('setting.email.code')} required>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[schemaRule(fields.code)]}>
            <Input autoComplete="one-time-code" maxLength={6} aria-label={t('setting.email.code')} />
          </Form.Item>
          <CooldownButton
            cooldown="changeEmailCode"
            seconds={ACCOUNT_TIMINGS.changeEmailCodeResend}
            onSend={sendCode}
          >
            {t('account.sendCode')}
          </CooldownButton>
        </Space.Compact>
      </Form.Item>
      <ChangeResultAlert result={result} />
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('setting.email.submit')}
      </Button>
    </Form>
  );
}
