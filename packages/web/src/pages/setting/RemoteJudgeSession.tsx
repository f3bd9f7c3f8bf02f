import { cfSessionSchema } from '@verdict/shared';
import { Button, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteCfSession, updateCfSession } from '../../api/account';
import type { Answer } from '../../api/answer-calls';
import { ApiError } from '../../api/http';
import { schemaRule } from '../../components/account-form/rules';
import { toast } from '../../feedback/toast';
import { translate } from '../../i18n';

type Action = 'update' | 'delete';

/** The server's own words when it sent any (the API client falls back to a generic text). */
function serverMessage(error: ApiError): string {
  const msg = (error.response?.data as { msg?: unknown } | undefined)?.msg;
  return typeof msg === 'string' ? msg.trim() : '';
}

/**
 * spec part 1 §8: a success text for updated or deleted; a refusal shows the server message or a
 * fallback for the action; anything else is 'Request exception: {message}'. Shown after (and so in
 * place of) the API client's toast.
 */
async function runWithMessages(action: Action, call: () => Promise<Answer<null>>): Promise<boolean> {
  try {
    const { msg } = await call();
    toast.success(
      msg || translate(action === 'update' ? 'setting.remote.updated' : 'setting.remote.deleted'),
    );
    return true;
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind === 'cancelled') return false;
    if (error.kind === 'business') {
      const fallback = translate(
        action === 'update' ? 'setting.remote.updateFailed' : 'setting.remote.deleteFailed',
      );
      toast.error(serverMessage(error) || fallback);
    } else {
      toast.error(translate('setting.remote.requestException', { message: error.message }));
    }
    return false;
  }
}

/** UserInfo pane: the session id of the user's remote-judge account (spec part 1 §1, §7). */
export function RemoteJudgeSession() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ cfSession: string }>();
  const [running, setRunning] = useState<Action | null>(null);

  const run = async (action: Action, call: () => Promise<Answer<null>>) => {
    setRunning(action);
    if (await runWithMessages(action, call)) form.resetFields();
    setRunning(null);
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={({ cfSession }) => void run('update', () => updateCfSession(cfSession))}
    >
      <Typography.Title level={5}>{t('setting.remote.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('setting.remote.description')}</Typography.Paragraph>
      <Form.Item
        name="cfSession"
        label={t('setting.remote.label')}
        rules={[schemaRule(cfSessionSchema.shape.cfSession)]}
      >
        <Input.Password placeholder={t('setting.remote.placeholder')} autoComplete="off" />
      </Form.Item>
      <Space wrap>
        <Button
          type="primary"
          htmlType="submit"
          loading={running === 'update'}
          disabled={running === 'delete'}
        >
          {t('setting.remote.update')}
        </Button>
        <Popconfirm
          title={t('setting.remote.confirmDelete')}
          okText={t('setting.remote.delete')}
          cancelText={t('setting.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => run('delete', deleteCfSession)}
        >
          <Button danger loading={running === 'delete'} disabled={running === 'update'}>
            {t('setting.remote.delete')}
          </Button>
        </Popconfirm>
      </Space>
    </Form>
  );
}
