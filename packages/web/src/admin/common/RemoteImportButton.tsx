import { CloudDownloadOutlined } from '@ant-design/icons';
import { REMOTE_OJS } from '@verdict/shared';
import { Button, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { toast } from '../../feedback/toast';
import { useIsMobile } from '../../layout/use-is-mobile';

export interface RemoteImportValues {
  name: string;
  problemId: string;
  /** the contest variant's display id */
  displayId?: string;
}

interface RemoteImportButtonProps {
  /** GET …/import-remote-oj-problem of the problem list, a contest or a training */
  importProblem: (values: RemoteImportValues) => Promise<unknown>;
  /** after a successful import: refresh the list */
  onImported: () => Promise<unknown> | void;
  /** the contest variant asks the problem's display id in the contest */
  askDisplayId?: boolean;
  disabled?: boolean;
}

/**
 * reference §3.12 / §10.3 `import-remote-oj-problem`: "Import remote problem" and its dialog (site and
 * the site's problem id; a contest adds the display id). Importing fetches the statement from the
 * site, so the dialog stays open with a spinning OK until the server answers.
 */
export function RemoteImportButton({
  importProblem,
  onImported,
  askDisplayId,
  disabled,
}: RemoteImportButtonProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<RemoteImportValues>();

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setBusy(true);
    try {
      await importProblem({ ...values, problemId: values.problemId.trim() });
      toast.success(t('adminProblem.remoteImport.done', { id: `${values.name}-${values.problemId.trim()}` }));
      setOpen(false);
      form.resetFields();
      await onImported();
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.message ? error.message : t('adminProblem.remoteImport.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} disabled={disabled}>
        {t('adminProblem.remoteImport.button')}
      </Button>
      <Modal
        open={open}
        title={t('adminProblem.remoteImport.title')}
        onCancel={() => !busy && setOpen(false)}
        onOk={() => void submit()}
        okText={busy ? t('adminProblem.remoteImport.importing') : t('adminProblem.remoteImport.ok')}
        cancelText={t('adminProblem.common.cancel')}
        confirmLoading={busy}
        width={isMobile ? '100%' : 480}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" initialValues={{ name: 'CF' }} disabled={busy}>
          <Form.Item name="name" label={t('adminProblem.remoteImport.site')} rules={[{ required: true }]}>
            <Select
              aria-label={t('adminProblem.remoteImport.site')}
              options={REMOTE_OJS.map((name) => ({ value: name, label: name }))}
            />
          </Form.Item>
          <Form.Item
            name="problemId"
            label={t('adminProblem.remoteImport.problemId')}
            rules={[
              { required: true, whitespace: true, message: t('adminProblem.remoteImport.problemIdRequired') },
            ]}
            extra={t('adminProblem.remoteImport.problemIdHint')}
          >
            <Input aria-label={t('adminProblem.remoteImport.problemId')} placeholder="1000A" />
          </Form.Item>
          {askDisplayId && (
            <Form.Item
              name="displayId"
              label={t('adminProblem.remoteImport.displayId')}
              rules={[
                {
                  required: true,
                  whitespace: true,
                  message: t('adminProblem.remoteImport.displayIdRequired'),
                },
              ]}
            >
              <Input aria-label={t('adminProblem.remoteImport.displayId')} placeholder="A" />
            </Form.Item>
          )}
          <Typography.Text type="secondary">{t('adminProblem.remoteImport.slow')}</Typography.Text>
        </Form>
      </Modal>
    </>
  );
}
