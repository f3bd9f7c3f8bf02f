import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { resetPasswordFormSchema } from '@verdict/shared';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPassword } from '../../api/account';
import { availabilityRule, createAvailabilityCheck } from '../../components/account-form/availability';
import { sameAsRule, schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { useSubmit } from '../../components/account-form/use-submit';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import { openLoginModal } from '../../store/login-modal';
import '../account/account-form.css';
import './reset-password.css';

interface ResetValues {
  username: string;
  password: string;
  passwordAgain: string;
}

const fields = resetPasswordFormSchema.shape;

/**
 * /reset-password?username=…&code=… from the reset mail (spec part 1 §2, part 2 §2.6, §5): the
 * query fills the form; the username must exist (checked on blur); on success the login dialog
 * opens on the home page (spec part 1 §8).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const checkUsername = useMemo(() => createAvailabilityCheck('username'), []);
  useRevalidateOnLanguageChange(form);

  const { submitting, submit } = useSubmit(async ({ username, password }: ResetValues) => {
    const { msg } = await resetPassword({ username, password, code });
    toast.success(msg || t('account.passwordReset'));
    await navigate('/home');
    openLoginModal('login', username.trim());
  });

  return (
    <div className="reset-password-page">
      <Card className="reset-password-card" title={t('account.resetPage.title')}>
        {code ? null : (
          <Alert
            className="account-form-alert"
            type="warning"
            showIcon
            title={t('account.resetPage.linkIncomplete')}
            action={
              <Button size="small" onClick={() => openLoginModal('resetPassword')}>
                {t('account.resetPage.requestMail')}
              </Button>
            }
          />
        )}
        <Form
          form={form}
          className="account-form"
          layout="vertical"
          size="large"
          requiredMark={false}
          initialValues={{ username: params.get('username') ?? '' }}
          disabled={!code}
          onFinish={submit}
        >
          <Form.Item
            name="username"
            label={t('account.fields.username')}
            validateFirst
            validateTrigger={['onChange', 'onBlur']}
            rules={[
              schemaRule(fields.username),
              availabilityRule(checkUsername, 'missing', () => translate('account.usernameUnknown')),
            ]}
          >
            <Input prefix={<UserOutlined />} autoComplete="username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('account.fields.newPassword')}
            rules={[schemaRule(fields.password)]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="passwordAgain"
            label={t('account.fields.passwordAgain')}
            dependencies={['password']}
            rules={[sameAsRule(form, 'password')]}
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {t('account.resetPage.submit')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </div>
  );
}
