import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginSchema, type UserInfoVO } from '@verdict/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { SlideVerify } from '../../components/slide-verify/SlideVerify';
import { useLogin, type Credentials } from './use-login';
import './account-form.css';

interface LoginFormProps {
  /** /admin/login uses the admin login call (reference §2: admin roles only). */
  admin?: boolean;
  /** Filled in, e.g. right after registering. */
  initialUsername?: string;
  onSignedIn(user: UserInfoVO): void;
  /** Links under the button (the dialog's "forgot password" and "register"). */
  footer?: ReactNode;
}

const usernameRule = schemaRule(loginSchema.shape.username);
const passwordRule = schemaRule(loginSchema.shape.password);

/** Username and password (spec part 1 §5), with the slide verification when the server asks for it (§4). */
export function LoginForm({ admin = false, initialUsername = '', onSignedIn, footer }: LoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Credentials>();
  const state = useLogin({ admin, onSignedIn });
  useRevalidateOnLanguageChange(form);

  useEffect(() => {
    if (initialUsername) form.setFieldsValue({ username: initialUsername });
  }, [form, initialUsername]);

  return (
    <Form
      form={form}
      className="account-form"
      size="large"
      initialValues={{ username: initialUsername, password: '' }}
      onFinish={(values) => void state.submit(values)}
    >
      <Form.Item name="username" rules={[usernameRule]}>
        <Input
          prefix={<UserOutlined />}
          placeholder={t('account.fields.username')}
          aria-label={t('account.fields.username')}
          autoComplete="username"
        />
      </Form.Item>
      <Form.Item name="password" rules={[passwordRule]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('account.fields.password')}
          aria-label={t('account.fields.password')}
          autoComplete="current-password"
        />
      </Form.Item>
      {state.slideRequired ? (
        <SlideVerify
          round={state.slideRound}
          busy={state.submitting}
          onSolved={(answer) => {
            state.onSlideSolved(answer);
            // Letting go of the piece is the user's "log in" (spec part 1 §4).
            form.submit();
          }}
        />
      ) : null}
      {state.slideMissing ? (
        <Alert className="account-form-alert" type="warning" showIcon title={t('account.slide.missing')} />
      ) : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={state.submitting}>
          {admin ? t('admin.login') : t('account.login')}
        </Button>
      </Form.Item>
      {footer}
    </Form>
  );
}
