import { DeleteOutlined } from '@ant-design/icons';
import type { SysMsgVO, UserMsgVO } from '@verdict/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, List, Pagination, Popconfirm, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanMessages, getMessages, MESSAGE_LISTS, type MessageKind } from '../../api/message';
import { toast } from '../../feedback/toast';
import { unreadKey } from '../../layout/nav/use-unread-counts';
import { useIsMobile } from '../../layout/use-is-mobile';
import { useSession } from '../../store/session';
import { SystemMessageItem } from './SystemMessageItem';
import { UserMessageItem } from './UserMessageItem';

const listKey = (kind: MessageKind) => ['msg', 'list', kind] as const;

/**
 * One list of the message centre (spec part 2 §2.4, reference §3.9): a page of messages, unread
 * ones with a dot; the server marks the page read once it answered, so the unread counts are read
 * again (the stream pushes them too). Delete one, or clean the whole list after a confirmation.
 */
function MessageList({ kind }: { kind: MessageKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const uid = useSession().userInfo?.uid ?? '';
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [cleaning, setCleaning] = useState(false);
  const { system, pageSize } = MESSAGE_LISTS[kind];

  const query = useQuery({
    queryKey: [...listKey(kind), page],
    queryFn: () => getMessages<UserMsgVO | SysMsgVO>(kind, page),
    staleTime: 0,
  });
  const records = query.data?.records ?? [];
  const total = query.data?.total ?? 0;

  // reading a page marked it read: the counters drop now, not at the next poll
  useEffect(() => {
    if (query.dataUpdatedAt > 0) void queryClient.invalidateQueries({ queryKey: unreadKey(uid) });
  }, [query.dataUpdatedAt, queryClient, uid]);

  const refresh = async (removed: number) => {
    // the last message of a later page gone: show the page before
    if (page > 1 && removed >= records.length) setPage(page - 1);
    await queryClient.invalidateQueries({ queryKey: listKey(kind) });
    await queryClient.invalidateQueries({ queryKey: unreadKey(uid) });
  };

  const remove = async (id: number) => {
    await cleanMessages(kind, id);
    toast.success(t('message.deleted'));
    await refresh(1);
  };

  const cleanAll = async () => {
    setCleaning(true);
    try {
      await cleanMessages(kind);
      toast.success(t('message.cleaned'));
      setPage(1);
      await refresh(records.length);
    } catch {
      // the client has shown the refusal
    } finally {
      setCleaning(false);
    }
  };

  if (query.isError && !query.data) {
    return (
      <Card>
        <Result
          status="warning"
          title={t('message.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('message.retry')}</Button>}
        />
      </Card>
    );
  }

  return (
    <Card
      className="msg-list-card"
      title={t(`message.menu.${kind}`)}
      extra={
        <Popconfirm
          title={t('message.cleanConfirm')}
          okText={t('message.cleanAll')}
          okButtonProps={{ danger: true }}
          cancelText={t('message.cancel')}
          onConfirm={cleanAll}
          disabled={total === 0}
        >
          <Button danger icon={<DeleteOutlined />} loading={cleaning} disabled={total === 0}>
            {t('message.cleanAll')}
          </Button>
        </Popconfirm>
      }
    >
      <List<UserMsgVO | SysMsgVO>
        className="msg-list"
        loading={query.isFetching}
        dataSource={records}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('message.empty')} />,
        }}
        rowKey="id"
        renderItem={(message) => (
          <List.Item>
            {system ? (
              <SystemMessageItem message={message as SysMsgVO} onDelete={remove} />
            ) : (
              <UserMessageItem message={message as UserMsgVO} onDelete={remove} />
            )}
          </List.Item>
        )}
      />
      {total > pageSize && (
        <div className="msg-pager">
          <Pagination
            current={page}
            pageSize={pageSize}
            total={total}
            simple={isMobile}
            showSizeChanger={false}
            onChange={setPage}
          />
        </div>
      )}
    </Card>
  );
}

export const DiscussMessages = () => <MessageList key="discuss" kind="discuss" />;
export const ReplyMessages = () => <MessageList key="reply" kind="reply" />;
export const LikeMessages = () => <MessageList key="like" kind="like" />;
export const SysMessages = () => <MessageList key="sys" kind="sys" />;
export const MineMessages = () => <MessageList key="mine" kind="mine" />;
