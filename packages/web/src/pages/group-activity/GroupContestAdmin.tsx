import { DatabaseOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContestProblem } from '../../api/admin-contest';
import {
  addGroupContestProblemFromGroup,
  addGroupContestProblemFromPublic,
  deleteGroupContestAnnouncement,
  getGroupContest,
  getGroupContestAnnouncements,
  getGroupContestProblemList,
  removeGroupContestProblem,
  saveGroupContestAnnouncement,
  type GroupContestAnnouncement,
} from '../../api/group-activity';
import { LinkedProblemsTable } from '../../admin/common/linked-problems/LinkedProblemsTable';
import { RemoveProblemButton } from '../../admin/common/linked-problems/RemoveProblemButton';
import {
  useLinkedProblems,
  type LinkedProblemRow,
} from '../../admin/common/linked-problems/use-linked-problems';
import { useRowAction } from '../../admin/common/use-row-action';
import { BankProblemModal } from '../../admin/contest/problems/BankProblemModal';
import { toast } from '../../feedback/toast';
import { AddFromGroupButton } from './AddFromGroupButton';

const LIMIT = 100;
type Row = LinkedProblemRow<ContestProblem>;

/**
 * A group contest's problems in the admin mode (spec part 2 §2.2 "Contest problem admin",
 * reference §3.10): the list by display id, remove (with the contest's submissions of it), add
 * from the public bank (the site's bank dialog on the group's calls) and add a group problem with
 * its display id in the contest.
 */
export function GroupContestProblems({ cid, onCreate }: { cid: number; onCreate: () => void }) {
  const { t } = useTranslation();
  const [bankOpen, setBankOpen] = useState(false);
  const contest = useQuery({
    queryKey: ['group-contest', cid],
    queryFn: () => getGroupContest(cid),
    enabled: cid > 0,
  });
  const { list, rows, refresh } = useLinkedProblems({
    listKey: ['group-contest-problems', cid],
    page: 1,
    enabled: cid > 0,
    fetchPage: (currentPage) => getGroupContestProblemList({ cid, currentPage, limit: LIMIT }),
    problemsOf: (answer) => answer.problemList,
    linksOf: (answer) => answer.contestProblemMap,
  });
  const { busy, act } = useRowAction(refresh);
  const takenIds = rows.map((row) => row.link?.displayId ?? '').filter(Boolean);

  const columns: TableColumnsType<Row> = [
    {
      title: t('groupActivity.problems.displayId'),
      key: 'displayId',
      width: 150,
      render: (_, row) => <strong>{row.link?.displayId ?? row.problem.problemId}</strong>,
    },
    {
      title: t('groupActivity.problems.title'),
      key: 'title',
      ellipsis: true,
      render: (_, row) => row.link?.displayTitle || row.problem.title,
    },
    {
      title: t('groupActivity.common.actions'),
      key: 'actions',
      width: 80,
      render: (_, row) => (
        <RemoveProblemButton
          confirmTitle={t('groupActivity.problems.removeConfirm', { title: row.problem.title })}
          label={t('groupActivity.problems.remove')}
          ariaLabel={`${t('groupActivity.problems.remove')} ${row.problem.problemId}`}
          cancelLabel={t('groupActivity.common.cancel')}
          loading={busy === `remove-${row.problem.id}`}
          onConfirm={() =>
            act(
              `remove-${row.problem.id}`,
              () => removeGroupContestProblem(row.problem.id, cid),
              t('groupActivity.problems.removed'),
            )
          }
        />
      ),
    },
  ];

  return (
    <div data-testid="group-contest-problems">
      <Card
        size="small"
        title={t('groupActivity.problems.contestTitle', { id: cid })}
        extra={
          <Space wrap>
            <Button icon={<PlusOutlined />} onClick={onCreate}>
              {t('groupActivity.problems.createInGroup')}
            </Button>
            <Button icon={<DatabaseOutlined />} disabled={!contest.data} onClick={() => setBankOpen(true)}>
              {t('groupActivity.problems.addFromPublic')}
            </Button>
            <AddFromGroupButton
              withDisplayId
              onAdd={async (problemId, displayId) => {
                await addGroupContestProblemFromGroup(problemId, cid, displayId);
                await refresh();
              }}
            />
          </Space>
        }
      />
      <LinkedProblemsTable
        rows={rows}
        columns={columns}
        loading={list.isFetching}
        scrollX={420}
        emptyText={t('groupActivity.problems.empty')}
      />
      {contest.data ? (
        <BankProblemModal
          cid={cid}
          contestType={contest.data.type}
          takenIds={takenIds}
          open={bankOpen}
          onClose={() => setBankOpen(false)}
          onAdded={refresh}
          calls={{ fetchPage: getGroupContestProblemList, add: addGroupContestProblemFromPublic }}
        />
      ) : null}
    </div>
  );
}

interface AnnouncementDraft {
  id: number | null;
  title: string;
  content: string;
  visible: boolean;
}

/**
 * A group contest's announcements (spec part 2 §2.2 "Contest announcement admin", reference
 * §3.10 `/api/group/contest-announcement`): the table, create and edit in a dialog, delete.
 */
export function GroupContestAnnouncements({ cid }: { cid: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<AnnouncementDraft | null>(null);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const key = ['group-contest-announcements', cid];
  const list = useQuery({
    queryKey: [...key, page],
    queryFn: () => getGroupContestAnnouncements(cid, page, 10),
    enabled: cid > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const { busy, act } = useRowAction(refresh);
  const invalid = tried && draft !== null && (draft.title.trim() === '' || draft.content.trim() === '');

  const save = async () => {
    if (!draft) return;
    setTried(true);
    if (draft.title.trim() === '' || draft.content.trim() === '') {
      toast.error(t('groupActivity.announcement.required'));
      return;
    }
    setSaving(true);
    try {
      await saveGroupContestAnnouncement({
        cid,
        announcement: {
          id: draft.id,
          title: draft.title.trim(),
          content: draft.content,
          status: draft.visible ? 0 : 1,
        },
      });
      toast.success(t('groupActivity.common.saved'));
      setDraft(null);
      await refresh();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<GroupContestAnnouncement> = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 70 },
    { key: 'title', title: t('groupActivity.announcement.title'), dataIndex: 'title', ellipsis: true },
    {
      key: 'visible',
      title: t('groupActivity.announcement.visible'),
      width: 80,
      render: (_, row) => (row.status === 0 ? '✓' : '—'),
    },
    {
      key: 'created',
      title: t('groupActivity.contest.start'),
      width: 150,
      responsive: ['md'],
      render: (_, row) => (row.gmtCreate ? dayjs(row.gmtCreate).format('YYYY-MM-DD HH:mm') : ''),
    },
    {
      key: 'actions',
      title: t('groupActivity.common.actions'),
      width: 100,
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={`${t('groupActivity.common.edit')} ${row.title}`}
            onClick={() => {
              setTried(false);
              setDraft({ id: row.id, title: row.title, content: row.content, visible: row.status === 0 });
            }}
          />
          <Popconfirm
            title={t('groupActivity.announcement.deleteConfirm')}
            okButtonProps={{ danger: true }}
            okText={t('groupActivity.common.delete')}
            cancelText={t('groupActivity.common.cancel')}
            onConfirm={() =>
              act(
                `delete-${row.id}`,
                () => deleteGroupContestAnnouncement(row.id, cid),
                t('groupActivity.common.deleted'),
              )
            }
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              loading={busy === `delete-${row.id}`}
              aria-label={`${t('groupActivity.common.delete')} ${row.title}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('groupActivity.announcement.heading', { id: cid })}
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => {
            setTried(false);
            setDraft({ id: null, title: '', content: '', visible: true });
          }}
        >
          {t('groupActivity.announcement.create')}
        </Button>
      }
    >
      <Table<GroupContestAnnouncement>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={list.data?.records ?? []}
        loading={list.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
        locale={{
          emptyText: list.isError
            ? t('groupActivity.common.loadFailed')
            : t('groupActivity.announcement.empty'),
        }}
      />
      <Modal
        open={draft !== null}
        title={t(
          draft?.id ? 'groupActivity.announcement.editTitle' : 'groupActivity.announcement.createTitle',
        )}
        onCancel={() => setDraft(null)}
        onOk={() => void save()}
        okText={t('groupActivity.announcement.save')}
        cancelText={t('groupActivity.common.cancel')}
        confirmLoading={saving}
        destroyOnHidden
      >
        {draft ? (
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('groupActivity.announcement.title')}
              htmlFor="ga-ann-title"
              required
              validateStatus={invalid && draft.title.trim() === '' ? 'error' : undefined}
            >
              <Input
                id="ga-ann-title"
                value={draft.title}
                maxLength={255}
                onChange={(e) => setDraft({ ...draft, title: e.target.value })}
              />
            </Form.Item>
            <Form.Item
              label={t('groupActivity.announcement.content')}
              htmlFor="ga-ann-content"
              required
              validateStatus={invalid && draft.content.trim() === '' ? 'error' : undefined}
            >
              <Input.TextArea
                id="ga-ann-content"
                rows={6}
                value={draft.content}
                onChange={(e) => setDraft({ ...draft, content: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={t('groupActivity.announcement.visible')} htmlFor="ga-ann-visible">
              <Switch
                id="ga-ann-visible"
                checked={draft.visible}
                onChange={(visible) => setDraft({ ...draft, visible })}
              />
            </Form.Item>
          </Form>
        ) : null}
      </Modal>
    </Card>
  );
}
