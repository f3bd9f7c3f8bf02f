import { Checkbox, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportDiscussion } from '../../api/discussion';
import { toast } from '../../feedback/toast';
import { useSession } from '../../store/session';

/** Spec part 2 §5 "Report": the tags, in the spec's order. */
const TAGS = ['tagSpam', 'tagIllegal', 'tagPorn', 'tagFraud', 'tagFlaming', 'tagPlagiarism'] as const;
/** Spec part 2 §9: report reason ≤ 200. */
const REASON_MAX = 200;

/**
 * The report dialog (spec part 2 §2.3): tag checkboxes plus a reason, at least one of them; sent as
 * one text, "#tag #tag reason", as HOJ's client does (reference §3.8 `{did, reporter, content}`).
 */
export function ReportDialog({ did, open, onClose }: { did: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [tags, setTags] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!open) return;
    setTags([]);
    setReason('');
  }, [open]);

  const send = async () => {
    if (tags.length === 0 && reason.trim() === '') {
      toast.warning(t('discussion.report.empty'));
      return;
    }
    const content = [...tags.map((tag) => `#${tag}`), reason.trim()].filter(Boolean).join(' ');
    setSending(true);
    try {
      await reportDiscussion({ did, reporter: session.userInfo?.username, content });
      toast.success(t('discussion.report.sent'));
      onClose();
    } catch {
      // shown by the client
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('discussion.report.title')}
      onCancel={onClose}
      onOk={() => void send()}
      okText={t('discussion.report.submit')}
      cancelText={t('discussion.report.cancel')}
      confirmLoading={sending}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t('discussion.report.tags')}>
          <Checkbox.Group
            className="report-dialog__tags"
            value={tags}
            onChange={(values) => setTags(values)}
            options={TAGS.map((key) => ({
              value: t(`discussion.report.${key}`),
              label: t(`discussion.report.${key}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('discussion.report.reason')} htmlFor="report-reason">
          <Input.TextArea
            id="report-reason"
            value={reason}
            maxLength={REASON_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder={t('discussion.report.reasonPlaceholder')}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
