import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { CommentSection } from '../../components/comments';
import { CONTEST_STATUS } from '../contest/clock/contest-clock';
import { useContestContext } from '../contest/contest-context';

/**
 * The contest's Comment tab (spec part 1 §2, shown when `openContestComment` is on; reference
 * §3.8, §7.15): the same comment area as a discussion, on the contest (`cid`). Contest admins
 * delete any comment and reply to any; others reply only under their own comments. While the
 * contest runs the server shows others only their own and the organisers' comments.
 */
export function ContestCommentPage() {
  const { t } = useTranslation();
  const contest = useContestContext();
  const running = contest.facts?.status === CONTEST_STATUS.running;
  return (
    <Card className="contest-comment">
      {running && !contest.admin ? (
        <Alert
          type="info"
          showIcon
          className="contest-comment__hint"
          title={t('discussion.contest.runningHint')}
        />
      ) : null}
      <CommentSection source={{ cid: contest.cid }} moderator={contest.admin} replyOnlyOwn />
    </Card>
  );
}
