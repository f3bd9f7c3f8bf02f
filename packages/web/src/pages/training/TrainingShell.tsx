import { BarChartOutlined, HomeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ShellLoadFailed, ShellLoading, ShellTabs } from '../../components/detail-shell/ShellParts';
import { TrainingAuthTag, TrainingCategoryTag } from './TrainingTags';
import { TrainingProgress } from './TrainingProgress';
import { trainingBasePath, trainingTabOfPath, trainingTabs, type TrainingTabKey } from './training-rules';
import { summaryOf, TrainingContext, useTraining } from './use-training';
import './training.css';
import { usePageSubject } from '../../routing/page-subject';

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
  const location = useLocation();
  const { trainingID, groupID } = useParams();
  const tid = Number(trainingID);
  const training = useTraining(tid);
  // the list hands over its row, so a locked training still shows its name (location state)
  const summary = summaryOf(location.state);
  const info = training.training ?? (summary?.id === tid ? summary : undefined);
  const failed = training.access.error ?? training.detail.error;
  usePageSubject(info?.title, 0);

  if (!training.valid || failed) {
    return (
      <ShellLoadFailed
        error={failed}
        title={t('training.shell.loadFailed')}
        backTo={groupID ? `/group/${groupID}/training` : '/training'}
        backLabel={t('training.shell.backToList')}
      />
    );
  }
  if (training.checking) return <ShellLoading />;

  const base = trainingBasePath(tid, groupID);
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
        <ShellTabs
          base={base}
          tabs={tabs}
          activeTab={activeTab}
          icons={TAB_ICONS}
          labelOf={(key) => t(`training.tabs.${key}`)}
          className="training-tabs"
          bodyClassName="training-shell__body"
          closed={{
            title: t('training.shell.closedTitle'),
            subTitle: t('training.shell.closedTips'),
            backLabel: t('training.tabs.introduction'),
          }}
        />
      </div>
    </TrainingContext.Provider>
  );
}
