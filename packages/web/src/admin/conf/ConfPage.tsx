import { MailOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Descriptions, Form, Input, InputNumber, Row, Space, Switch, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getDbInfo,
  getEmailConfig,
  getWebConfig,
  sendTestEmail,
  setEmailConfig,
  setWebConfig,
  type EmailConfig,
  type WebConfig,
} from '../../api/admin-config';
import { websiteConfigQuery } from '../../api/home';
import { toast } from '../../feedback/toast';
import { mebibytes } from '../dashboard/relative-time';
import { CarouselCard } from './CarouselCard';

/** The answer's password is always '' (never sent back); the form's is a new one, or '' to keep it. */
type EmailForm = Omit<EmailConfig, 'emailBlacklist' | 'emailPasswordSet' | 'emailPassword'> & {
  emailBlacklist: string;
  emailPassword: string;
};

/** Saves with a spinner on the button; a refusal is toasted by the API client with the server's words. */
function useSaving() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };
  return [busy, run] as const;
}

/** The site settings (spec part 2 §2.7 "conf", reference §3.12 `/api/admin/config/*`; root only). */
export function ConfPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const web = useQuery({ queryKey: ['admin-config', 'web'], queryFn: getWebConfig });
  const email = useQuery({ queryKey: ['admin-config', 'email'], queryFn: getEmailConfig });
  const database = useQuery({ queryKey: ['admin-config', 'db'], queryFn: getDbInfo });
  const [webForm] = Form.useForm<WebConfig>();
  const [emailForm] = Form.useForm<EmailForm>();
  const [savingWeb, saveWeb] = useSaving();
  const [savingEmail, saveEmail] = useSaving();
  const [testing, runTest] = useSaving();
  const [testAddress, setTestAddress] = useState('');

  useEffect(() => {
    if (web.data) webForm.setFieldsValue(web.data);
  }, [web.data, webForm]);
  useEffect(() => {
    if (email.data)
      emailForm.setFieldsValue({
        ...email.data,
        emailPassword: '',
        emailBlacklist: email.data.emailBlacklist.join('\n'),
      });
  }, [email.data, emailForm]);

  const onSaveWeb = (values: WebConfig) =>
    saveWeb(async () => {
      // the QR codes have no field here: they go back as stored
      await setWebConfig({ ...web.data!, ...values });
      await queryClient.invalidateQueries({ queryKey: websiteConfigQuery.queryKey });
      await web.refetch();
    }, t('adminConf.saved'));

  const onSaveEmail = (values: EmailForm) =>
    saveEmail(async () => {
      const blacklist = values.emailBlacklist
        .split(/[\s,]+/)
        .map((d) => d.trim())
        .filter(Boolean);
      await setEmailConfig({
        ...values,
        emailPassword: values.emailPassword ?? '',
        emailBlacklist: blacklist,
      });
      await email.refetch();
    }, t('adminConf.saved'));

  const half = { xs: 24, md: 12 };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('adminConf.webTitle')} loading={web.isLoading} data-testid="conf-web">
        <Form form={webForm} layout="vertical" onFinish={(v) => void onSaveWeb(v)}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="name" label={t('adminConf.name')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="shortName" label={t('adminConf.shortName')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="baseUrl" label={t('adminConf.baseUrl')}>
                <Input placeholder="https://oj.example.org" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="register" label={t('adminConf.register')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="description" label={t('adminConf.description')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="recordName" label={t('adminConf.recordName')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="recordUrl" label={t('adminConf.recordUrl')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="projectName" label={t('adminConf.projectName')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="projectUrl" label={t('adminConf.projectUrl')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="contactPhone" label={t('adminConf.contactPhone')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="address" label={t('adminConf.address')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={savingWeb}>
            {t('adminConf.save')}
          </Button>
        </Form>
      </Card>

      <Card title={t('adminConf.emailTitle')} loading={email.isLoading} data-testid="conf-email">
        <Form form={emailForm} layout="vertical" onFinish={(v) => void onSaveEmail(v)}>
          <Row gutter={16}>
            <Col {...half}>
              <Form.Item name="emailHost" label={t('adminConf.emailHost')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="emailPort" label={t('adminConf.emailPort')}>
                <InputNumber min={1} max={65535} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="emailSsl" label={t('adminConf.emailSsl')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="emailUsername" label={t('adminConf.emailUsername')}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="emailPassword" label={t('adminConf.emailPassword')}>
                <Input.Password
                  autoComplete="new-password"
                  placeholder={
                    email.data?.emailPasswordSet ? t('adminConf.passwordSet') : t('adminConf.passwordUnset')
                  }
                />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="emailSender" label={t('adminConf.emailSender')}>
                <Input />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="emailBGImg" label={t('adminConf.emailBGImg')}>
                <Input />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="emailBlacklist"
                label={t('adminConf.emailBlacklist')}
                extra={t('adminConf.blacklistHint')}
              >
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={savingEmail}>
            {t('adminConf.save')}
          </Button>
        </Form>
        <Space.Compact style={{ width: '100%', maxWidth: 480, marginTop: 24 }}>
          <Input
            value={testAddress}
            onChange={(e) => setTestAddress(e.target.value)}
            placeholder={t('adminConf.testAddress')}
            aria-label={t('adminConf.testAddress')}
          />
          <Button
            icon={<MailOutlined />}
            loading={testing}
            disabled={testAddress.trim() === ''}
            onClick={() =>
              void runTest(
                () => sendTestEmail(testAddress.trim()),
                t('adminConf.testSent', { email: testAddress.trim() }),
              )
            }
          >
            {t('adminConf.sendTest')}
          </Button>
        </Space.Compact>
      </Card>

      <CarouselCard />

      <Card title={t('adminConf.dbTitle')} loading={database.isLoading} data-testid="conf-db">
        {database.data && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('adminConf.dbKind')}>
              <Tag color={database.data.kind === 'embedded' ? 'blue' : 'green'}>
                {t(`adminConf.dbKinds.${database.data.kind}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('adminConf.dbVersion')}>
              <span style={{ wordBreak: 'break-all' }}>{database.data.version}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('adminConf.dbSize')}>
              {mebibytes(database.data.sizeBytes)}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </Space>
  );
}
