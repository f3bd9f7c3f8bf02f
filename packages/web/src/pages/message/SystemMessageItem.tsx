import type { SysMsgVO } from '@verdict/shared';
import { Badge, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown';
import { MessageDelete } from './MessageDelete';
import { messageTime } from './message-time';

/** A system or personal notice (spec part 2 §2.4): title, time, markdown through the sanitising renderer, delete. */
export function SystemMessageItem({
  message,
  onDelete,
}: {
  message: SysMsgVO;
  onDelete: (id: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const title = message.title ?? '';
  return (
    <div className="msg-item" data-unread={!message.state} data-message-id={message.id}>
      <div className="msg-item__body">
        <div className="msg-item__head">
          <Typography.Text strong className="msg-item__title">
            {title}
          </Typography.Text>
          {!message.state && (
            <Badge status="error" className="msg-unread-dot" aria-label={t('message.unread')} />
          )}
        </div>
        <div className="msg-item__foot">
          <time dateTime={message.gmtCreate}>{messageTime(message.gmtCreate)}</time>
        </div>
        <Markdown className="msg-item__markdown" source={message.content} />
      </div>
      <div className="msg-item__side">
        <MessageDelete name={title} onDelete={() => onDelete(message.id)} />
      </div>
    </div>
  );
}
