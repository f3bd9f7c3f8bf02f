import { DISCUSSION_LIMITS } from '@verdict/shared';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../feedback/toast';
import { commentProblem } from './comment-rules';
import { MarkdownComposer } from './MarkdownComposer';

/** A comment or reply box: the markdown composer, its checks and a send button with progress. */
export function CommentComposer({
  label,
  sendLabel,
  onSend,
  onCancel,
  rows = 3,
}: {
  label: string;
  sendLabel: string;
  /** resolves when saved (the box empties), rejects when refused (the text stays) */
  onSend: (content: string) => Promise<unknown>;
  onCancel?: () => void;
  rows?: number;
}) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    const problem = commentProblem(content);
    if (problem) {
      toast.warning(t(`discussion.comments.${problem}`, { max: DISCUSSION_LIMITS.commentMax }));
      return;
    }
    setSending(true);
    try {
      await onSend(content);
      setContent('');
    } catch {
      // the client has shown the server's refusal
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="comment-composer">
      <MarkdownComposer value={content} onChange={setContent} label={label} rows={rows} />
      <Space className="comment-composer__actions">
        {onCancel ? <Button onClick={onCancel}>{t('discussion.comments.cancel')}</Button> : null}
        <Button type="primary" loading={sending} onClick={() => void send()}>
          {sendLabel}
        </Button>
      </Space>
    </div>
  );
}
