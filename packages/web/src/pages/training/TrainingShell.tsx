import { BarChartOutlined, HomeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Card, Result, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/http';
import { TrainingAuthTag, TrainingCategoryTag } from './TrainingTags';
import { TrainingProgress } from './TrainingProgress';
import { trainingTabOfPath, trainingTabs, type TrainingTabKey } from './training-rules';
import { TrainingContext, useTraining } from './use-training';
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
  const info = training.training;

  if (!training.valid || training.detail.isError) {
    const error = training.detail.error;
    const status = error instanceof ApiError ? error.status : undefined;
    return (
      <Result
        status={status === 403 ? '403' : '404'}
        title={t('training.shell.loadFailed')}
        subTitle={error instanceof ApiError ? error.message : undefined}
        extra={
          <Link to="/training">
            <Button type="primary">{t('training.shell.backToList')}</Button>
          </Link>
        }
      />
    );
  }
  if (!info) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }

  const base = `/training/${tid}`;
  const rest = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : '';
  const activeTab = trainingTabOfPath(rest);
  // while a private training's access is being read, keep the tabs closed rather than flicker open
  const tabs = trainingTabs(training.open);

  return (
    <TrainingContext.Provider value={training}>
      <div className="training-shell">
        <Card className="training-header">
          <h1 className="training-header__title">{info.title}</h1>
          <div className="training-header__meta">
            <TrainingAuthTag auth={info.auth} />
            <TrainingCategoryTag name={info.categoryName} color={info.categoryColor} />
          </div>
          <div className="training-header__progress">
            <span className="training-header__progress-label">{t('training.shell.progress')}</span>
            <TrainingProgress acCount={info.acCount} problemCount={info.problemCount} size="default" />
          </div>
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
            training.checking ? (
              <Card>
                <Skeleton active paragraph={{ rows: 4 }} />
              </Card>
            ) : (
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
            )
          ) : (
            <Outlet />
          )}
        </div>
      </div>
    </TrainingContext.Provider>
  );
}
