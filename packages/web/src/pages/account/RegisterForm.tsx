import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ACCOUNT_TIMINGS, registerFormSchema } from '@verdict/shared';
import { Button, Form, Input, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getRegisterCode, register } from '../../api/account';
import { availabilityRule, createAvailabilityCheck } from '../../components/account-form/availability';
import { sameAsRule, schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { useSubmit } from '../../components/account-form/use-submit';
import { CooldownButton } from '../../components/countdown/CooldownButton';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import './account-form.css';

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  passwordAgain: string;
  code: string;
}

const fields = registerFormSchema.shape;

/**
 * Register with a mailed code (spec part 1 §2, §5; reference §7.1): username and e-mail must be
 * free (checked on blur), the code button waits 60 s between mails.
 */
export function RegisterForm({ onRegistered }: { onRegistered(username: string): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const checkUsername = useMemo(() => createAvailabilityCheck('username'), []);
  const checkEmail = useMemo(() => createAvailabilityCheck('email'), []);
  useRevalidateOnLanguageChange(form);

  const sendCode = async (): Promise<boolean> => {
    let email: string;
    try {
      email = (await form.validateFields(['email'])).email.trim();
    } catch {
      return false; // the field shows why
    }
    try {
      const { data } = await getRegisterCode(email);
      toast.success(t('account.codeSent', { email: data.email, minutes: Math.round(data.expire / 60) }));
      return true;
    } catch {
      return false;
    }
  };

  const { submitting, submit } = useSubmit(async ({ username, email, password, code }: RegisterValues) => {
    const { msg } = await register({ username, email, password, code });
    toast.success(msg || t('account.registered'));
    onRegistered(username.trim());
  });

  return (
    <Form form={form} className="account-form" size="large" onFinish={submit}>
      <Form.Item
        name="username"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          schemaRule(fields.username),
          availabilityRule(checkUsername, 'taken', () => translate('account.usernameTaken')),
        ]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('account.fields.username')}
          aria-label={t('account.fields.username')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item
        name="email"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          schemaRule(fields.email),
          availabilityRule(checkEmail, 'taken', () => translate('account.emailTaken')),
        ]}
      >
        <Input
          prefix={<MailOutlined />}
          placeholder={t('account.fields.email')}
          aria-label={t('account.fields.email')}
          autoComplete="email"
        />
      </Form.Item>
      <Form.Item name="password" rules={[schemaRule(fields.password)]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('account.fields.password')}
          aria-label={t('account.fields.password')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item name="passwordAgain" dependencies={['password']} rules={[sameAsRule(form, 'password')]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('account.fields.passwordAgain')}
          aria-label={t('account.fields.passwordAgain')}
          autoComplete="new-password"
        />
      </Form.Item>
      <Form.Item>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={[schemaRule(fields.code)]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('account.fields.code')}
              aria-label={t('account.fields.code')}
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <CooldownButton
            cooldown="registerCode"
            seconds={ACCOUNT_TIMINGS.registerCodeResend}
            onSend={sendCode}
          >
            {t('account.sendCode')}
          </CooldownButton>
        </Space.Compact>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('account.register')}
        </Button>
      </Form.Item>
    </Form>
  );
}
