import { SafetyOutlined } from '@ant-design/icons';
import { captchaField } from '@verdict/shared';
import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../account-form/rules';
import { CaptchaImage } from './CaptchaImage';
import type { Captcha } from './use-captcha';

/** The form field `captcha` with its picture beside it (the reset and register forms). */
export function CaptchaField({ captcha }: { captcha: Captcha }) {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Space.Compact block>
        <Form.Item name="captcha" noStyle rules={[schemaRule(captchaField)]}>
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t('account.fields.captcha')}
            aria-label={t('account.fields.captcha')}
            autoComplete="off"
            maxLength={8}
          />
        </Form.Item>
        <CaptchaImage captcha={captcha} />
      </Space.Compact>
    </Form.Item>
  );
}
