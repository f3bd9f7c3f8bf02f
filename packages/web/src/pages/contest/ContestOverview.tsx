import { Card, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../components/markdown';
import { useContestContext } from './contest-context';
import { showsPasswordForm } from './contest-rules';
import { ContestPasswordForm } from './ContestPasswordForm';

/** The Overview tab (spec part 1 §2): the password form when one is needed, then the description. */
export function ContestOverview() {
  const { t } = useTranslation();
  const contest = useContestContext();
  const { info, facts } = contest;
  if (!info || !facts) return null;
  return (
    <div className="contest-overview">
      {contest.accessKnown && showsPasswordForm(facts, contest.admin, contest.registered) ? (
        <ContestPasswordForm cid={contest.cid} auth={info.auth} onRegistered={contest.refresh} />
      ) : null}
      <Card className="contest-overview__description">
        {info.description ? (
          <Markdown source={info.description} />
        ) : (
          <Empty description={t('contest.overview.noDescription')} />
        )}
      </Card>
    </div>
  );
}
