import { ACCOUNT_TIMINGS, changeEmailSchema, type ChangeAccountVO } from '@verdict/shared';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeEmail, getChangeEmailCode } from '../../api/account';
import { notCurrentRule, schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { useSubmit } from '../../components/account-form/use-submit';
import { CooldownButton } from '../../components/countdown/CooldownButton';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';
import { updateUserInfo, useSession } from '../../store/session';
import { ChangeResultAlert } from './ChangeResultAlert';
import { CurrentValue } from './CurrentValue';

interface EmailValues {
  password: string;
  newEmail: string;
  code: string;
}

const fields = changeEmailSchema.shape;

/** The server compares addresses without case (spec part 2 §5: the new one must differ). */
const normalAddress = (address: string) => address.trim().toLowerCase();

/** Account pane: a new e-mail address, confirmed with the code mailed to it and the password (spec part 2 §2.6). */
export function ChangeEmailForm() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const [form] = Form.useForm<EmailValues>();
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

  const { submitting, submit } = useSubmit(async (values: EmailValues) => {
    const answer = await changeEmail(values);
    setResult(answer);
    if (answer.code !== 200) return;
    toast.success(answer.msg);
    if (answer.userInfo) updateUserInfo(answer.userInfo);
    form.resetFields();
  });

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
      <Typography.Title level={5}>{t('setting.email.title')}</Typography.Title>
      <CurrentValue
        label={t('setting.email.current')}
        value={userInfo?.email}
        none={t('setting.email.none')}
        className="setting-current-email"
      />
      <Form.Item name="password" label={t('setting.email.password')} rules={[schemaRule(fields.password)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newEmail"
        label={t('setting.email.new')}
        rules={[
          schemaRule(fields.newEmail),
          notCurrentRule(userInfo?.email, normalAddress, () => translate('setting.email.same')),
        ]}
      >
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
