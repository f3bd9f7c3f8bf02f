import { changeUserInfoSchema, GENDERS, type ChangeUserInfoBody, type Gender } from '@verdict/shared';
import { Button, Col, Form, Input, Radio, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeUserInfo } from '../../api/account';
import { schemaRule } from '../../components/account-form/rules';
import { useRevalidateOnLanguageChange } from '../../components/account-form/use-revalidate-on-language-change';
import { useSubmit } from '../../components/account-form/use-submit';
import { toast } from '../../feedback/toast';
import { updateUserInfo, type UserInfo } from '../../store/session';

type TextField = 'nickname' | 'realname' | 'school' | 'number' | 'blog' | 'github' | 'cfUsername';

/** The short text fields, in the order of spec part 2 §2.6. */
const TEXT_FIELDS: TextField[] = ['nickname', 'realname', 'school', 'number', 'blog', 'github', 'cfUsername'];

type UserInfoValues = Record<TextField, string> & { gender: Gender; signature: string };

const fields = changeUserInfoSchema.shape;

function valuesOf(user: UserInfo | null): UserInfoValues {
  const text = (value: string | null | undefined) => value ?? '';
  const gender = GENDERS.find((g) => g === user?.gender) ?? 'secrecy';
  return {
    nickname: text(user?.nickname),
    realname: text(user?.realname),
    school: text(user?.school),
    number: text(user?.number),
    blog: text(user?.blog),
    github: text(user?.github),
    cfUsername: text(user?.cfUsername),
    signature: text(user?.signature),
    gender,
  };
}

/** UserInfo pane: the profile fields the server writes (reference §3.1 change-userInfo, §7.4 limits). */
export function UserInfoForm({ user }: { user: UserInfo | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserInfoValues>();
  useRevalidateOnLanguageChange(form);

  const { submitting: saving, submit: save } = useSubmit(async (values: UserInfoValues) => {
    const body: ChangeUserInfoBody = values;
    const { data, msg } = await changeUserInfo(body);
    updateUserInfo(data);
    form.setFieldsValue(valuesOf(data));
    toast.success(msg || t('setting.info.saved'));
  });

  return (
    <Form form={form} layout="vertical" initialValues={valuesOf(user)} onFinish={save}>
      <Row gutter={16}>
        {TEXT_FIELDS.map((name) => (
          <Col key={name} xs={24} md={12}>
            <Form.Item name={name} label={t(`setting.info.${name}`)} rules={[schemaRule(fields[name])]}>
              <Input allowClear />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="gender" label={t('setting.info.gender')}>
            <Radio.Group
              optionType="button"
              options={GENDERS.map((gender) => ({
                value: gender,
                label: t(`setting.info.genders.${gender}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="signature"
            label={t('setting.info.signature')}
            rules={[schemaRule(fields.signature)]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saving}>
        {t('setting.info.save')}
      </Button>
    </Form>
  );
}
