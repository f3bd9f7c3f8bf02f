import type { UserMsgVO } from '@verdict/shared';
import { Avatar, Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MessageDelete } from './MessageDelete';
import { messageTime } from './message-time';

/** Where a message's source opens: the discussion's page or the contest's comment tab (reference §7.15). */
export function sourceLink(message: Pick<UserMsgVO, 'sourceType' | 'sourceId'>): string | null {
  if (message.sourceId === null) return null;
  if (message.sourceType === 'Discussion') return `/discussion-detail/${message.sourceId}`;
  if (message.sourceType === 'Contest') return `/contest/${message.sourceId}/comment`;
  return null;
}

const ACTIONS = ['Discuss', 'Reply', 'Like_Post', 'Like_Discuss'] as const;

/**
 * A comment, reply or like message (spec part 2 §2.4): sender avatar and name, action, the text
 * (as plain text: it is user markdown, shown as an excerpt), the quoted text for replies, the
 * source title linking to the discussion or contest, time, unread dot, delete.
 */
export function UserMessageItem({
  message,
  onDelete,
}: {
  message: UserMsgVO;
  onDelete: (id: number) => Promise<void>;
}) {
  const { t } = useTranslation();
  const sender = message.senderUsername ?? t('message.someone');
  const action = (ACTIONS as readonly string[]).includes(message.action)
    ? t(`message.action.${message.action as (typeof ACTIONS)[number]}`)
    : message.action;
  const link = sourceLink(message);
  const sourceKind =
    message.sourceType === 'Contest' ? t('message.source.Contest') : t('message.source.Discussion');
  const title = message.sourceTitle ?? t('message.sourceGone');
  // a like's source content is what was liked (the title or the comment), already named in the line
  const showText =
    message.action === 'Discuss' || message.action === 'Reply' || message.action === 'Like_Discuss';

  return (
    <div className="msg-item" data-unread={!message.state} data-message-id={message.id}>
      <Avatar src={message.senderAvatar || undefined} size={40}>
        {sender.slice(0, 1).toUpperCase()}
      </Avatar>
      <div className="msg-item__body">
        <div className="msg-item__head">
          {message.senderUsername ? (
            <Link
              className="msg-item__sender"
              to={`/user-home?username=${encodeURIComponent(message.senderUsername)}`}
            >
              {sender}
            </Link>
          ) : (
            <span className="msg-item__sender">{sender}</span>
          )}
          <span>{action}</span>
          {!message.state && (
            <Badge status="error" className="msg-unread-dot" aria-label={t('message.unread')} />
          )}
        </div>
        {showText && message.sourceContent && <div className="msg-item__text">{message.sourceContent}</div>}
        {message.action === 'Reply' && message.quoteContent && (
          <div className="msg-item__quote">
            {t('message.quote')}: {message.quoteContent}
          </div>
        )}
        <div className="msg-item__foot">
          <span>
            {sourceKind}:{' '}
            {link && message.sourceTitle ? (
              <Link to={link} className="msg-item__source">
                {title}
              </Link>
            ) : (
              title
            )}
          </span>
          <time dateTime={message.gmtCreate}>{messageTime(message.gmtCreate)}</time>
        </div>
      </div>
      <div className="msg-item__side">
        <MessageDelete name={`${sender} ${action}`} onDelete={() => onDelete(message.id)} />
      </div>
    </div>
  );
}
