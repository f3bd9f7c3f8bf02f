import { CommentOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Pagination, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addComment,
  addReply,
  deleteComment,
  deleteReply,
  getComments,
  likeComment,
  type CommentSource,
} from '../../api/discussion';
import { toast } from '../../feedback/toast';
import { openLoginModal } from '../../store/login-modal';
import { useSession } from '../../store/session';
import { CommentComposer } from './CommentComposer';
import { CommentItem, type CommentActions } from './CommentItem';
import './comments.css';

/** Spec part 2 §9: comment page size 10 (replies: 3 shown, then expandable). */
export const COMMENT_PAGE_SIZE = 10;

export const commentsKey = (source: CommentSource) => ['comments', source.did ?? null, source.cid ?? null];

/**
 * The comment area of a discussion (`did`) or a contest (`cid`), spec part 2 §2.3 and reference
 * §3.8, §7.15: the box to comment, the comments ordered by likes then newest (the server's
 * order), each with likes, replies and delete for those the reference lists.
 */
export function CommentSection({
  source,
  moderator,
  replyOnlyOwn = false,
  onCountChange,
}: {
  source: CommentSource;
  /** may delete any comment: the admin roles on site discussions, contest admins in contests */
  moderator: boolean;
  replyOnlyOwn?: boolean;
  /** a discussion's comment_num moved (comments and replies both count, reference §7.15) */
  onCountChange?: (delta: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const viewer = session.token ? (session.userInfo?.uid ?? null) : null;
  const [page, setPage] = useState(1);
  const key = commentsKey(source);
  const list = useQuery({
    queryKey: [...key, page, viewer],
    queryFn: () => getComments(source, page, COMMENT_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const sourceRef = source.did
    ? { sourceId: source.did, sourceType: 'Discussion' as const }
    : { sourceId: source.cid!, sourceType: 'Contest' as const };

  const actions: CommentActions = {
    viewer,
    moderator,
    replyOnlyOwn,
    contestId: source.cid,
    like: async (comment, toLike) => {
      await likeComment(comment.id, toLike, sourceRef);
      toast.success(t(toLike ? 'discussion.detail.liked' : 'discussion.detail.unliked'));
      await refresh();
    },
    reply: async (comment, target, content) => {
      await addReply({
        reply: {
          commentId: comment.id,
          toUid: target.toUid,
          toName: target.toName,
          toAvatar: target.toAvatar,
          content,
        },
        did: source.did,
        quoteId: target.quoteId,
        quoteType: target.quoteType,
      });
      toast.success(t('discussion.comments.replied'));
      onCountChange?.(1);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['replies', comment.id] })]);
    },
    removeComment: async (comment) => {
      await deleteComment(comment.id);
      toast.success(t('discussion.comments.deleted'));
      onCountChange?.(-(comment.totalReplyNum + 1));
      await refresh();
    },
    removeReply: async (comment, reply) => {
      await deleteReply(reply.id, source.did);
      toast.success(t('discussion.comments.deleted'));
      onCountChange?.(-1);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['replies', comment.id] })]);
    },
  };

  const data = list.data;
  const records = data?.commentList.records ?? [];
  const total = data?.commentList.total ?? 0;

  return (
    <section className="comment-section" aria-label={t('discussion.comments.title')}>
      <h2 className="comment-section__title">
        <CommentOutlined /> {t('discussion.comments.title')}
        <span className="comment-section__total" data-testid="comment-total">
          {t('discussion.comments.total', { count: total })}
        </span>
      </h2>
      {viewer ? (
        <CommentComposer
          label={t('discussion.comments.placeholder')}
          sendLabel={t('discussion.comments.send')}
          onSend={async (content) => {
            await addComment(source, content);
            toast.success(t('discussion.comments.posted'));
            onCountChange?.(1);
            setPage(1);
            await refresh();
          }}
        />
      ) : (
        <div className="comment-section__login">
          <span>{t('discussion.comments.loginToComment')}</span>
          <Button type="primary" size="small" onClick={() => openLoginModal('login')}>
            {t('discussion.comments.login')}
          </Button>
        </div>
      )}
      {list.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : records.length === 0 ? (
        <Empty description={t('discussion.comments.empty')} />
      ) : (
        <ul className="comment-list" aria-busy={list.isFetching}>
          {records.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              liked={data?.commentLikeMap[comment.id] === true}
              actions={actions}
            />
          ))}
        </ul>
      )}
      {total > COMMENT_PAGE_SIZE ? (
        <Pagination
          className="comment-section__pages"
          current={page}
          pageSize={COMMENT_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
    </section>
  );
}
