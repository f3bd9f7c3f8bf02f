import {
  BarChartOutlined,
  CheckCircleOutlined,
  CommentOutlined,
  FileTextOutlined,
  HomeOutlined,
  LogoutOutlined,
  NotificationOutlined,
  SettingOutlined,
  TeamOutlined,
  TrophyOutlined,
  UnorderedListOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { App, Avatar, Button, Card, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { exitGroup, joinGroup } from '../../api/group';
import { useWebsiteConfig } from '../../api/home';
import { ShellLoadFailed, ShellLoading, ShellTabs } from '../../components/detail-shell/ShellParts';
import { toast } from '../../feedback/toast';
import { usePageSubject } from '../../routing/page-subject';
import { GroupApplyDialog } from './GroupApplyDialog';
import { GroupAuthTag } from './GroupAuthTag';
import { groupListKey } from './GroupListPage';
import {
  canExit,
  GROUP_AUTH,
  GROUP_MEMBER_AUTH,
  groupTabOfPath,
  groupTabs,
  isGroupMember,
} from './group-rules';
import type { GroupTabKey } from './group-rules';
import { GroupContext, useGroup, type GroupState } from './use-group';
import './group.css';

const TAB_ICONS: Record<GroupTabKey, ReactNode> = {
  home: <HomeOutlined />,
  problem: <UnorderedListOutlined />,
  training: <FileTextOutlined />,
  contest: <TrophyOutlined />,
  status: <CheckCircleOutlined />,
  discussion: <CommentOutlined />,
  member: <TeamOutlined />,
  announcement: <NotificationOutlined />,
  setting: <SettingOutlined />,
  rank: <BarChartOutlined />,
};

/** Join (a Public group, at once), Apply (a dialog), the application's state, or Exit for members. */
function MembershipAction({ state }: { state: GroupState }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [applying, setApplying] = useState(false);
  const [busy, setBusy] = useState(false);
  const { group, viewer } = state;
  if (!group) return null;
  const level = viewer.level;

  const join = async () => {
    setBusy(true);
    try {
      await joinGroup(group.id);
      toast.success(t('group.shell.joined'));
      await state.refresh();
      void queryClient.invalidateQueries({ queryKey: groupListKey });
    } catch {
      // the client has shown the server's message
    } finally {
      setBusy(false);
    }
  };

  const exit = () =>
    modal.confirm({
      title: t('group.shell.exit'),
      content: t('group.shell.exitConfirm', { name: group.name }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await exitGroup(group.id);
          toast.success(t('group.shell.exited'));
          void queryClient.invalidateQueries({ queryKey: groupListKey });
          navigate(`/group/${group.id}`);
          await state.refresh();
        } catch {
          // shown by the client
        }
      },
    });

  if (canExit(viewer)) {
    return (
      <Button danger icon={<LogoutOutlined />} onClick={exit}>
        {t('group.shell.exit')}
      </Button>
    );
  }
  if (level >= GROUP_MEMBER_AUTH.member || viewer.owner) return null;
  if (level === GROUP_MEMBER_AUTH.applying) return <Button disabled>{t('group.shell.applying')}</Button>;
  if (level === GROUP_MEMBER_AUTH.refused) return <Button disabled>{t('group.shell.refused')}</Button>;
  if (group.auth === GROUP_AUTH.public) {
    return (
      <Button type="primary" icon={<UserAddOutlined />} loading={busy} onClick={() => void join()}>
        {t('group.shell.join')}
      </Button>
    );
  }
  return (
    <>
      <Button type="primary" icon={<UserAddOutlined />} onClick={() => setApplying(true)}>
        {t('group.shell.apply')}
      </Button>
      <GroupApplyDialog
        group={group}
        open={applying}
        onClose={() => setApplying(false)}
        onApplied={() => {
          setApplying(false);
          void state.refresh();
        }}
      />
    </>
  );
}

/**
 * The group detail (/group/:groupID, spec part 2 §2.2): the info card (avatar, name, owner, auth,
 * hidden tag, created date, group number) with Join / Apply / Exit, the tabs (disabled for a
 * non-member but home; announcements for group admins, setting for the group's root) and the
 * tab's page below.
 */
export function GroupShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const gid = Number(useParams().groupID);
  const state = useGroup(gid);
  const config = useWebsiteConfig();
  const { group, viewer } = state;
  usePageSubject(group?.name, 0);
  const failed = state.detail.error ?? state.auth.error;

  if (!state.valid || failed) {
    return (
      <ShellLoadFailed
        error={failed}
        title={t('group.shell.loadFailed')}
        backTo="/group"
        backLabel={t('group.shell.backToList')}
      />
    );
  }
  if (state.checking || !group) return <ShellLoading />;

  const base = `/group/${gid}`;
  const rest = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
  const activeTab = groupTabOfPath(rest);
  const tabs = groupTabs(viewer, config.data?.openGroupDiscussion ?? true);
  const shown = tabs.some((tab) => tab.key === activeTab);

  return (
    <GroupContext.Provider value={state}>
      <div className="group-shell">
        <Card className="group-info" data-testid="group-info">
          <div className="group-info__main">
            <Avatar
              size={72}
              shape="square"
              src={group.avatar || undefined}
              icon={<TeamOutlined />}
              className="group-info__avatar"
            />
            <div className="group-info__text">
              <h1 className="group-info__name">{group.name}</h1>
              <div className="group-info__tags">
                <GroupAuthTag auth={group.auth} />
                {!group.visible ? <Tag data-testid="group-hidden-tag">{t('group.shell.hidden')}</Tag> : null}
                {isGroupMember(viewer) && viewer.level > 0 ? (
                  <Tag color="blue">{t(`group.level.${viewer.level}`)}</Tag>
                ) : null}
              </div>
              <dl className="group-info__facts">
                <div>
                  <dt>{t('group.shell.owner')}</dt>
                  <dd>{group.owner}</dd>
                </div>
                <div>
                  <dt>{t('group.shell.created')}</dt>
                  <dd>
                    <time dateTime={group.gmtCreate}>{dayjs(group.gmtCreate).format('YYYY-MM-DD')}</time>
                  </dd>
                </div>
                <div>
                  <dt>{t('group.shell.number')}</dt>
                  <dd>{group.id}</dd>
                </div>
              </dl>
            </div>
            <div className="group-info__action">
              <MembershipAction state={state} />
            </div>
          </div>
          {group.brief ? <p className="group-info__brief">{group.brief}</p> : null}
        </Card>
        <ShellTabs
          base={base}
          tabs={tabs}
          activeTab={activeTab}
          icons={TAB_ICONS}
          labelOf={(key) => t(`group.tabs.${key}`)}
          className="group-tabs"
          bodyClassName="group-shell__body"
          closed={{
            title: t('group.shell.closedTitle'),
            subTitle: t('group.shell.closedTips'),
            backLabel: t('group.shell.backHome'),
          }}
          forbidden={
            shown ? null : { title: t('group.shell.closedTitle'), subTitle: t('group.shell.closedTips') }
          }
        />
      </div>
    </GroupContext.Provider>
  );
}
