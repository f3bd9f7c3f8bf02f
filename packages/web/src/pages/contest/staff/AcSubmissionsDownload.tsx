import { DownloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Modal, Radio, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadAcSubmissions } from '../../../api/contest-staff';

/**
 * The accepted-code zip of a contest (reference §3.6 download-contest-ac-submission): a folder per
 * user or per problem, optionally without the creator's and super admins' submissions. On the
 * contest's AC helper page a labelled button; in an admin list's row (`row`) an icon button named
 * after the contest, disabled with the reason when the viewer may not download it.
 */
export function AcSubmissionsDownload({
  cid,
  row,
}: {
  cid: number;
  row?: { name: string; locked?: string };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [splitType, setSplitType] = useState<'user' | 'problem'>('user');
  const [excludeAdmin, setExcludeAdmin] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAcSubmissions(cid, splitType, excludeAdmin);
      setOpen(false);
    } catch {
      // the client has shown the failure
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      {row ? (
        <Tooltip title={row.locked ?? t('contestStaff.acHelper.downloadAc')}>
          <Button
            type="text"
            icon={<DownloadOutlined />}
            aria-label={`${t('contestStaff.acHelper.downloadAc')} ${row.name}`}
            disabled={!!row.locked}
            onClick={() => setOpen(true)}
          />
        </Tooltip>
      ) : (
        <Button icon={<DownloadOutlined />} onClick={() => setOpen(true)} data-testid="ac-download-open">
          {t('contestStaff.acHelper.downloadAc')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('contestStaff.acHelper.downloadTitle')}
        okText={t('contestStaff.acHelper.download')}
        onOk={download}
        confirmLoading={downloading}
        onCancel={() => setOpen(false)}
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            <Typography.Text>{t('contestStaff.acHelper.splitType')}</Typography.Text>{' '}
            <Radio.Group
              value={splitType}
              onChange={(e) => setSplitType(e.target.value as 'user' | 'problem')}
            >
              <Radio.Button value="user">{t('contestStaff.acHelper.byUser')}</Radio.Button>
              <Radio.Button value="problem">{t('contestStaff.acHelper.byProblem')}</Radio.Button>
            </Radio.Group>
          </div>
          <Checkbox checked={excludeAdmin} onChange={(e) => setExcludeAdmin(e.target.checked)}>
            {t('contestStaff.acHelper.excludeAdmin')}
          </Checkbox>
          <Typography.Text type="secondary">{t('contestStaff.acHelper.downloadRule')}</Typography.Text>
        </Space>
      </Modal>
    </>
  );
}
