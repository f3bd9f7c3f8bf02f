import {
  ClockCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  LikeOutlined,
  MessageOutlined,
  MoreOutlined,
  PushpinFilled,
} from '@ant-design/icons';
import { App, Button, Dropdown, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DiscussionVO } from '../../api/discussion';
import { UserByline } from '../../components/comments';

import { useDiscussionPaths } from './discussion-paths';
/**
 * One discussion in the list (spec part 2 §2.3): top mark, title, hidden tag, go-to-problem,
 * description, author with role badge, comment / like / view counts, category and release time;
 * the edit (author) and delete (author or admin) menu.
 */
export function DiscussionCard({
  discussion: d,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  onCategory,
}: {
  discussion: DiscussionVO;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  onCategory: (id: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useDiscussionPaths();
  const { modal } = App.useApp();
  const menu = [
    ...(canEdit ? [{ key: 'edit', icon: <EditOutlined />, label: t('discussion.list.edit') }] : []),
    ...(canDelete
      ? [{ key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('discussion.list.delete') }]
      : []),
  ];
  const confirmDelete = () =>
    modal.confirm({
      title: t('discussion.list.deleteConfirm'),
      content: d.title,
      okButtonProps: { danger: true },
      onOk: () => onDelete().catch(() => undefined),
    });

  return (
    <article className="discussion-card" data-testid="discussion-card" data-discussion-id={d.id}>
      <header className="discussion-card__head">
        {d.topPriority ? (
          <Tag color="red" icon={<PushpinFilled />} className="discussion-card__top">
            {t('discussion.list.pinned')}
          </Tag>
        ) : null}
        <Link to={paths.detail(d.id)} className="discussion-card__title" data-testid="discussion-title">
          {d.title}
        </Link>
        {d.status === 1 ? <Tag color="default">{t('discussion.list.hidden')}</Tag> : null}
        {d.pid ? (
          <Button size="small" onClick={() => navigate(paths.problem(d.pid!))}>
            {t('discussion.list.goProblem')} {d.pid}
          </Button>
        ) : null}
        {menu.length > 0 ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: menu,
              onClick: ({ key }) => (key === 'edit' ? onEdit() : confirmDelete()),
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={`${t('discussion.list.more')} ${d.title ?? ''}`}
              className="discussion-card__menu"
            />
          </Dropdown>
        ) : null}
      </header>
      <p className="discussion-card__description" data-testid="discussion-description">
        {d.description}
      </p>
      <footer className="discussion-card__foot">
        <UserByline
          size={24}
          user={{
            name: d.author,
            avatar: d.avatar,
            role: d.role,
            titleName: d.titleName,
            titleColor: d.titleColor,
          }}
        />
        <span className="discussion-card__counts">
          <Tooltip title={t('discussion.list.comments')}>
            <span aria-label={t('discussion.list.comments')} data-testid="discussion-comments">
              <MessageOutlined /> {d.commentNum}
            </span>
          </Tooltip>
          <Tooltip title={t('discussion.list.likes')}>
            <span aria-label={t('discussion.list.likes')} data-testid="discussion-likes">
              <LikeOutlined /> {d.likeNum}
            </span>
          </Tooltip>
          <Tooltip title={t('discussion.list.views')}>
            <span aria-label={t('discussion.list.views')} data-testid="discussion-views">
              <EyeOutlined /> {d.viewNum}
            </span>
          </Tooltip>
        </span>
        {d.categoryName ? (
          <Tag color="blue" className="discussion-card__category" onClick={() => onCategory(d.categoryId)}>
            {d.categoryName}
          </Tag>
        ) : null}
        <span className="discussion-card__time">
          <ClockCircleOutlined /> {t('discussion.list.releasedAt')}{' '}
          <time dateTime={d.gmtCreate}>{dayjs(d.gmtCreate).format('YYYY-MM-DD HH:mm:ss')}</time>
        </span>
      </footer>
    </article>
  );
}
