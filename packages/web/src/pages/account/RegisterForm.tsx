import { LockOutlined, MailOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { ACCOUNT_TIMINGS, emailCodeField, registerFormSchema } from '@verdict/shared';
import { Button, Form, Input, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getRegisterCode, register } from '../../api/account';
import { availabilityRule, createAvailabilityCheck } from '../../components/account-form/availability';
import { sameAsRule, schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { useSubmit } from '../../components/account-form/use-submit';
import { CaptchaField } from '../../components/captcha/CaptchaField';
import { useCaptcha } from '../../components/captcha/use-captcha';
import { CooldownButton } from '../../components/countdown/CooldownButton';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import './account-form.css';

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  passwordAgain: string;
  code?: string;
  captcha?: string;
}

const fields = registerFormSchema.shape;

/**
 * Register (spec part 1 §2, §5; reference §7.1): username and e-mail must be free (checked on
 * blur). With a mailed code, the code button waits 60 s between mails; a site that asks for no
 * code (switch registerNeedsEmailCode off, issue 24 item 7) asks for the image captcha instead.
 */
export function RegisterForm({
  withEmailCode,
  onRegistered,
}: {
  withEmailCode: boolean;
  onRegistered(username: string): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const checkUsername = useMemo(() => createAvailabilityCheck('username'), []);
  const checkEmail = useMemo(() => createAvailabilityCheck('email'), []);
  const captcha = useCaptcha(!withEmailCode);
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

  const { submitting, submit } = useSubmit(
    async ({ username, email, password, code, captcha: answer }: RegisterValues) => {
      const proof = withEmailCode ? { code } : { captcha: answer, captchaKey: captcha.captchaKey };
      try {
        const { msg } = await register({ username, email, password, ...proof });
        toast.success(msg || t('account.registered'));
        onRegistered(username.trim());
      } finally {
        if (!withEmailCode) {
          // The server takes a captcha out after one attempt, right or wrong.
          form.setFieldValue('captcha', '');
          captcha.refresh();
        }
      }
    },
  );

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
      {withEmailCode ? (
        <Form.Item>
          <Space.Compact block>
            <Form.Item name="code" noStyle rules={[schemaRule(emailCodeField)]}>
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
      ) : (
        <CaptchaField captcha={captcha} />
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          {t('account.register')}
        </Button>
      </Form.Item>
    </Form>
  );
}
