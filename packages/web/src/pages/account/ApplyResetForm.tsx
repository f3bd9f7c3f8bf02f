import { MailOutlined } from '@ant-design/icons';
import { ACCOUNT_TIMINGS, applyResetPasswordSchema } from '@verdict/shared';
import { Form, Input, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { applyResetPassword } from '../../api/account';
import { availabilityRule, createAvailabilityCheck } from '../../components/account-form/availability';
import { schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { CaptchaField } from '../../components/captcha/CaptchaField';
import { useCaptcha } from '../../components/captcha/use-captcha';
import { CooldownButton } from '../../components/countdown/CooldownButton';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import './account-form.css';

interface ApplyResetValues {
  email: string;
  captcha: string;
}

const fields = applyResetPasswordSchema.shape;

/**
 * The dialog's Reset Password tab (spec part 1 §2, §5; reference §7.3): the e-mail must belong to
 * a user, the image captcha must be answered, and the mail can be sent again after 90 s. The mail
 * holds a link to /reset-password.
 */
export function ApplyResetForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplyResetValues>();
  const captcha = useCaptcha();
  const checkEmail = useMemo(() => createAvailabilityCheck('email'), []);
  useRevalidateOnLanguageChange(form);

  const send = async (): Promise<boolean> => {
    let values: ApplyResetValues;
    try {
      values = await form.validateFields();
    } catch {
      return false;
    }
    try {
      const { msg } = await applyResetPassword({ ...values, captchaKey: captcha.captchaKey });
      toast.success(msg || t('account.resetMailSent'));
      return true;
    } catch {
      return false;
    } finally {
      // The server takes a captcha out after one attempt, right or wrong.
      form.setFieldValue('captcha', '');
      captcha.refresh();
    }
  };

  return (
    <Form form={form} className="account-form" size="large">
      <Typography.Paragraph type="secondary">{t('account.resetIntro')}</Typography.Paragraph>
      <Form.Item
        name="email"
        validateFirst
        validateTrigger={['onChange', 'onBlur']}
        rules={[
          schemaRule(fields.email),
          availabilityRule(checkEmail, 'missing', () => translate('account.emailUnknown')),
        ]}
      >
        <Input
          prefix={<MailOutlined />}
          placeholder={t('account.fields.email')}
          aria-label={t('account.fields.email')}
          autoComplete="email"
        />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <Form.Item>
        <CooldownButton
          type="primary"
          block
          cooldown="resetMail"
          seconds={ACCOUNT_TIMINGS.resetMailResend}
          onSend={send}
        >
          {t('account.sendResetMail')}
        </CooldownButton>
      </Form.Item>
    </Form>
  );
}
