import { mobileField, normalizeMobile } from '@verdict/shared';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeUserInfo } from '../../api/account';
import { accountText, notCurrentRule, schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { useSubmit } from '../../components/account-form/use-submit';
import { toast } from '../../feedback/toast';
import { updateUserInfo, useSession } from '../../store/session';
import { CurrentValue } from './CurrentValue';

interface MobileValues {
  mobile: string;
}

/**
 * Account pane: the mobile number (spec part 2 §2.6; required and format checked, §5). HOJ has no
 * mobile call, so the number goes through `POST /api/change-userInfo` like the other profile fields.
 */
export function ChangeMobileForm() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const [form] = Form.useForm<MobileValues>();
  useRevalidateOnLanguageChange(form);
  const current = userInfo?.mobile;

  const { submitting, submit } = useSubmit(async ({ mobile }: MobileValues) => {
    const { data, msg } = await changeUserInfo({ mobile });
    updateUserInfo(data);
    toast.success(msg || t('setting.mobile.saved'));
    form.resetFields();
  });

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit}>
      <Typography.Title level={5}>{t('setting.mobile.title')}</Typography.Title>
      <CurrentValue
        label={t('setting.mobile.current')}
        value={current}
        none={t('setting.mobile.none')}
        className="setting-current-mobile"
      />
      <Form.Item
        name="mobile"
        label={t('setting.mobile.new')}
        extra={t('setting.mobile.hint')}
        rules={[
          schemaRule(mobileField),
          notCurrentRule(current, normalizeMobile, () => accountText('mobileSame')),
        ]}
      >
        <Input type="tel" autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('setting.mobile.submit')}
      </Button>
    </Form>
  );
}
