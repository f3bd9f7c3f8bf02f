import { BarChartOutlined, HomeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/http';
import { TrainingAuthTag, TrainingCategoryTag } from './TrainingTags';
import { TrainingProgress } from './TrainingProgress';
import { trainingTabOfPath, trainingTabs, type TrainingTabKey } from './training-rules';
import { summaryOf, TrainingContext, useTraining } from './use-training';
import './training.css';

const TAB_ICONS: Record<TrainingTabKey, ReactNode> = {
  introduction: <HomeOutlined />,
  problems: <UnorderedListOutlined />,
  rank: <BarChartOutlined />,
};

/**
 * The training detail (/training/:trainingID, spec part 2 §2.1): the header with the title, auth,
 * category and the user's progress bar, the tabs Introduction, Problem List and Record List (the
 * last two closed while a private training is not open to the user), and the tab's page below.
 */
export function TrainingShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tid = Number(useParams().trainingID);
  const training = useTraining(tid);
  // the list hands over its row, so a locked training still shows its name (location state)
  const summary = summaryOf(location.state);
  const info = training.training ?? (summary?.id === tid ? summary : undefined);
  const failed = training.access.error ?? training.detail.error;

  if (!training.valid || failed) {
    const status = failed instanceof ApiError ? failed.status : undefined;
    return (
      <Result
        status={status === 403 ? '403' : '404'}
        title={t('training.shell.loadFailed')}
        subTitle={failed instanceof ApiError ? failed.message : undefined}
        extra={
          <Link to="/training">
            <Button type="primary">{t('training.shell.backToList')}</Button>
          </Link>
        }
      />
    );
  }
  if (training.checking) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const base = `/training/${tid}`;
  const rest = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
  const activeTab = trainingTabOfPath(rest);
  const tabs = trainingTabs(training.open);

  return (
    <TrainingContext.Provider value={training}>
      <div className="training-shell">
        <Card className="training-header">
          <h1 className="training-header__title">
            {info?.title ?? t('training.shell.untitled', { id: tid })}
          </h1>
          <div className="training-header__meta">
            <TrainingAuthTag auth={info?.auth ?? 'Private'} />
            {info ? <TrainingCategoryTag name={info.categoryName} color={info.categoryColor} /> : null}
          </div>
          {training.training ? (
            <div className="training-header__progress">
              <span className="training-header__progress-label">{t('training.shell.progress')}</span>
              <TrainingProgress
                acCount={training.training.acCount}
                problemCount={training.training.problemCount}
                size="default"
              />
            </div>
          ) : null}
        </Card>
        <Tabs
          className="training-tabs"
          activeKey={activeTab}
          onChange={(key) => {
            const tab = tabs.find((item) => item.key === key);
            if (tab) navigate(tab.path ? `${base}/${tab.path}` : base);
          }}
          items={tabs.map((tab) => ({
            key: tab.key,
            disabled: tab.disabled,
            label: (
              <span data-tab={tab.key}>
                {TAB_ICONS[tab.key]} {t(`training.tabs.${tab.key}`)}
              </span>
            ),
          }))}
        />
        <div className="training-shell__body">
          {tabs.find((tab) => tab.key === activeTab)?.disabled ? (
            <Result
              status="403"
              title={t('training.shell.closedTitle')}
              subTitle={t('training.shell.closedTips')}
              extra={
                <Button type="primary" onClick={() => navigate(base)}>
                  {t('training.tabs.introduction')}
                </Button>
              }
            />
          ) : (
            <Outlet />
          )}
        </div>
      </div>
    </TrainingContext.Provider>
  );
}
