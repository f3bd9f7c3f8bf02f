import { DeleteOutlined, LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Popconfirm, Spin } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getReplies, type CommentVO, type ReplyVO } from '../../api/discussion';
import { Markdown } from '../markdown';
import type { ReplyTarget } from './comment-rules';
import { CommentComposer } from './CommentComposer';
import { UserByline } from './UserByline';

export interface CommentActions {
  /** the signed-in user's uid, or null */
  viewer: string | null;
  /** may delete any comment or reply of this source */
  moderator: boolean;
  /** contests: only the comment's author or a contest admin may reply (reference §7.15) */
  replyOnlyOwn: boolean;
  contestId?: number;
  like(comment: CommentVO, toLike: boolean): Promise<unknown>;
  reply(comment: CommentVO, target: ReplyTarget, content: string): Promise<unknown>;
  removeComment(comment: CommentVO): Promise<unknown>;
  removeReply(comment: CommentVO, reply: ReplyVO): Promise<unknown>;
}

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

/**
 * One comment (spec part 2 §2.3 "Comment area"): author, markdown body, like, reply, delete, and
 * its three newest replies with "load more" for the rest (reference §7.15).
 */
export function CommentItem({
  comment,
  liked,
  actions,
}: {
  comment: CommentVO;
  liked: boolean;
  actions: CommentActions;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const [target, setTarget] = useState<ReplyTarget | null>(null);
  const [liking, setLiking] = useState(false);
  const all = useQuery({
    queryKey: ['replies', comment.id, comment.totalReplyNum],
    queryFn: () => getReplies(comment.id, actions.contestId),
    enabled: expanded,
    staleTime: 0,
  });
  const replies = expanded && all.data ? all.data : comment.replyList;
  const signedIn = actions.viewer !== null;
  const canReply =
    signedIn && (!actions.replyOnlyOwn || actions.moderator || actions.viewer === comment.fromUid);
  const canDelete = (uid: string) => signedIn && (actions.moderator || actions.viewer === uid);

  const replyTo = (quoteType: 'Comment' | 'Reply', item: CommentVO | ReplyVO) =>
    setTarget({
      quoteType,
      quoteId: item.id,
      toUid: item.fromUid,
      toName: item.fromName ?? '',
      toAvatar: item.fromAvatar,
    });

  const toggleLike = async () => {
    setLiking(true);
    try {
      await actions.like(comment, !liked);
    } catch {
      // shown by the client
    } finally {
      setLiking(false);
    }
  };

  return (
    <li className="comment-item" data-testid="comment" data-comment-id={comment.id}>
      <div className="comment-item__head">
        <UserByline
          user={{
            name: comment.fromName ?? '',
            avatar: comment.fromAvatar,
            role: comment.fromRole,
            titleName: comment.fromTitleName,
            titleColor: comment.fromTitleColor,
          }}
        />
        <time className="comment-item__time" dateTime={comment.gmtCreate}>
          {time(comment.gmtCreate)}
        </time>
      </div>
      <div className="comment-item__body" data-testid="comment-body">
        <Markdown source={comment.content} />
      </div>
      <div className="comment-item__actions">
        <Button
          size="small"
          type="text"
          icon={liked ? <LikeFilled /> : <LikeOutlined />}
          loading={liking}
          disabled={!signedIn}
          aria-label={t(liked ? 'discussion.comments.unlike' : 'discussion.comments.like')}
          aria-pressed={liked}
          onClick={() => void toggleLike()}
          className={liked ? 'comment-like comment-like--on' : 'comment-like'}
        >
          <span data-testid="comment-likes">{comment.likeNum}</span>
        </Button>
        <ReplyAndDelete
          onReply={canReply ? () => replyTo('Comment', comment) : undefined}
          deleteConfirm={t('discussion.comments.deleteConfirm')}
          onDelete={canDelete(comment.fromUid) ? () => actions.removeComment(comment) : undefined}
        />
      </div>
      {replies.length > 0 ? (
        <ul className="reply-list">
          {replies.map((reply) => (
            <li key={reply.id} className="reply-item" data-testid="reply" data-reply-id={reply.id}>
              <div className="reply-item__head">
                <UserByline
                  size={24}
                  user={{
                    name: reply.fromName,
                    avatar: reply.fromAvatar,
                    role: reply.fromRole,
                    titleName: reply.fromTitleName,
                    titleColor: reply.fromTitleColor,
                  }}
                />
                <span className="reply-item__to">
                  {t('discussion.comments.replyTo')} <b>{reply.toName}</b>
                </span>
                <time className="comment-item__time" dateTime={reply.gmtCreate}>
                  {time(reply.gmtCreate)}
                </time>
              </div>
              <div className="reply-item__body" data-testid="reply-body">
                <Markdown source={reply.content} />
              </div>
              <div className="comment-item__actions">
                <ReplyAndDelete
                  onReply={canReply ? () => replyTo('Reply', reply) : undefined}
                  deleteConfirm={t('discussion.comments.deleteReplyConfirm')}
                  onDelete={canDelete(reply.fromUid) ? () => actions.removeReply(comment, reply) : undefined}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {comment.totalReplyNum > comment.replyList.length ? (
        <Button
          type="link"
          size="small"
          className="comment-item__more"
          onClick={() => setExpanded(!expanded)}
          icon={expanded && all.isFetching ? <Spin size="small" /> : undefined}
        >
          {expanded
            ? t('discussion.comments.collapse')
            : t('discussion.comments.loadMore', { count: comment.totalReplyNum })}
        </Button>
      ) : null}
      {target ? (
        <div className="comment-item__reply-box">
          <CommentComposer
            label={t('discussion.comments.replyPlaceholder', { name: target.toName })}
            sendLabel={t('discussion.comments.sendReply')}
            rows={2}
            onCancel={() => setTarget(null)}
            onSend={async (content) => {
              await actions.reply(comment, target, content);
              setTarget(null);
            }}
          />
        </div>
      ) : null}
    </li>
  );
}

/**
 * The Reply and Delete buttons of a comment or a reply, each shown only when its handler is given;
 * Delete asks `deleteConfirm` first (a failed delete was shown by the client).
 */
function ReplyAndDelete({
  onReply,
  deleteConfirm,
  onDelete,
}: {
  onReply?: () => void;
  deleteConfirm: string;
  onDelete?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {onReply ? (
        <Button size="small" type="text" icon={<MessageOutlined />} onClick={onReply}>
          {t('discussion.comments.reply')}
        </Button>
      ) : null}
      {onDelete ? (
        <Popconfirm title={deleteConfirm} onConfirm={() => onDelete().catch(() => undefined)}>
          <Button size="small" type="text" danger icon={<DeleteOutlined />}>
            {t('discussion.comments.delete')}
          </Button>
        </Popconfirm>
      ) : null}
    </>
  );
}
