import { PrinterOutlined } from '@ant-design/icons';
import { CONTEST_STAFF_LIMITS as L } from '@verdict/shared';
import { Alert, Button, Card, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { submitPrintText } from '../../../api/contest-staff';
import { contestIdOf, printProblem, printWaitSeconds } from './staff-rules';
import './staff.css';

/**
 * The contest's Print tab (spec part 1 §2 "Print", reference §3.6 submit-print-text): a textarea of
 * 20 rows and a submit button; a tips dialog after a print, and the 30 s wait counted down.
 */
export default function ContestPrintPage() {
  const { t } = useTranslation();
  const cid = contestIdOf(useParams().contestID);
  const [content, setContent] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [tipsOpen, setTipsOpen] = useState(false);

  const wait = printWaitSeconds(sentAt, now);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [wait]);

  const problem = printProblem(content);
  const send = async () => {
    setTried(true);
    if (problem || cid === null) return;
    setSending(true);
    try {
      await submitPrintText(cid, content);
      const at = Date.now();
      setSentAt(at);
      setNow(at);
      setContent('');
      setTried(false);
      setTipsOpen(true);
    } catch {
      // the client has shown the server's message (too soon, not registered, …)
    } finally {
      setSending(false);
    }
  };

  return (
    <Card
      className="contest-staff-card contest-staff-print"
      title={
        <span>
          <PrinterOutlined /> {t('contestStaff.print.title')}
        </span>
      }
    >
      <Input.TextArea
        rows={L.printRows}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        placeholder={t('contestStaff.print.placeholder', { min: L.printMinChars })}
        status={tried && problem ? 'error' : undefined}
        aria-label={t('contestStaff.print.title')}
        data-testid="print-content"
      />
      {tried && problem && (
        <Typography.Text type="danger" data-testid="print-error">
          {problem === 'tooShort'
            ? t('contestStaff.print.tooShort', { min: L.printMinChars })
            : t('contestStaff.print.tooLong', { max: L.printMaxChars })}
        </Typography.Text>
      )}
      <div className="contest-staff-print-footer">
        <Typography.Text type="secondary">
          {t('contestStaff.print.count', { count: content.length })} ·{' '}
          {t('contestStaff.print.limitNotice', { seconds: L.printIntervalSeconds })}
        </Typography.Text>
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          loading={sending}
          disabled={wait > 0 || cid === null}
          onClick={send}
          data-testid="print-submit"
        >
          {sending ? t('contestStaff.print.submitting') : t('contestStaff.print.submit')}
        </Button>
      </div>
      {wait > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={t('contestStaff.print.waitNotice', { seconds: wait })}
          data-testid="print-wait"
        />
      )}
      <Modal
        open={tipsOpen}
        title={t('contestStaff.print.successTitle')}
        onOk={() => setTipsOpen(false)}
        onCancel={() => setTipsOpen(false)}
        okText={t('contestStaff.print.ok')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <p>{t('contestStaff.print.successTips')}</p>
      </Modal>
    </Card>
  );
}
